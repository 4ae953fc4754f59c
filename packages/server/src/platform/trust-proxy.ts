import { isIP } from 'node:net';

/**
 * Which peers may tell the client's address and protocol (X-Forwarded-For / -Proto): nobody
 * (false), the last `n` hops, or the proxies at these addresses, CIDRs or proxy-addr names
 * (loopback, linklocal, uniquelocal). Never "everyone": then any client could claim to be local.
 */
export type TrustProxy = false | number | string[];

/**
 * Fastify's trustProxy option of a TrustProxy: a hop count as the function Fastify itself makes of
 * one (its types take no number).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset/`off` → false; `N` → N hops; else a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'off' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new Error(
      `expected off, a hop count, or addresses/CIDRs of your proxies (or loopback, linklocal, uniquelocal); not ${bad.join(', ')}`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Loopback: 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return ip === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request comes from this machine itself (operations tooling, a load balancer's probe).
 * `ip` is Fastify's client address: with TRUST_PROXY, the one trusted proxies forwarded. Without
 * it, a reverse proxy on the same host would make every visitor look local, so a request that
 * carries a forwarding header is then not taken for local.
 */
export function isLocalRequest(
  request: { ip: string; headers: Record<string, unknown> },
  trustProxy: TrustProxy,
): boolean {
  if (!isLoopback(request.ip)) return false;
  if (trustProxy !== false) return true;
  return FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}
