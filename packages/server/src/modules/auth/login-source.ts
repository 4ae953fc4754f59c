import { isIPv6 } from 'node:net';

/**
 * Where a login comes from, for the per-source failure limit: an IPv4 address, or the /64 of an
 * IPv6 address (one subscriber usually holds a whole /64, so its addresses are one source).
 */
export function loginSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  // An embedded IPv4 address (a.b.c.d at the end) takes two groups.
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
