import { readFileSync } from 'node:fs';
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * The visitor's country (lower-case ISO 3166 code): from a trusted CDN header when configured
 * (e.g. cf-ipcountry), else an offline lookup of the client address in IP-range CSV files
 * (`start,end,CC` per line; start/end as IP literals or as integers, integers up to 2^32-1 being
 * IPv4). IPv6 ranges are compared on their upper 64 bits (allocations are /64 or wider).
 * Loopback, private and link-local addresses have no country.
 */
export interface Geo {
  countryOf(ip: string, headerValue?: string | string[]): string | null;
}

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

const V4_MAX = 0xffffffffn;

interface Table {
  starts: BigUint64Array;
  ends: BigUint64Array;
  codes: string[];
}

export function ipToBigInt(ip: string): bigint | null {
  if (isIPv4(ip)) return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = ipToBigInt(v4[1]) ?? 0n;
    text = text.replace(v4[1], `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`);
  }
  const [head = '', tail] = text.split('::');
  const a = head ? head.split(':') : [];
  const b = tail ? tail.split(':') : [];
  const groups = tail === undefined ? a : [...a, ...Array<string>(8 - a.length - b.length).fill('0'), ...b];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

/** Reads the CSV files into one sorted table for IPv4 and one for IPv6 (upper 64 bits). */
function loadTables(files: string[]): { v4: Table; v6: Table } {
  const rows: { v4: [bigint, bigint, string][]; v6: [bigint, bigint, string][] } = { v4: [], v6: [] };
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [s, e, cc] = line.trim().split(',');
      if (!s || !e || !cc || !/^[A-Za-z]{2}$/.test(cc)) continue;
      const literal = /[.:]/.test(s);
      const start = literal ? ipToBigInt(s) : /^\d+$/.test(s) ? BigInt(s) : null;
      const end = literal ? ipToBigInt(e) : /^\d+$/.test(e) ? BigInt(e) : null;
      if (start === null || end === null) continue;
      const isV4 = literal ? isIPv4(s) : end <= V4_MAX;
      if (isV4) rows.v4.push([start, end, cc.toLowerCase()]);
      else rows.v6.push([start >> 64n, end >> 64n, cc.toLowerCase()]);
    }
  }
  const table = (list: [bigint, bigint, string][]): Table => {
    list.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    return {
      starts: BigUint64Array.from(list.map((r) => r[0])),
      ends: BigUint64Array.from(list.map((r) => r[1])),
      codes: list.map((r) => r[2]),
    };
  };
  return { v4: table(rows.v4), v6: table(rows.v6) };
}

function find(t: Table, value: bigint): string | null {
  let lo = 0;
  let hi = t.starts.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((t.starts[mid] ?? 0n) <= value) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best >= 0 && value <= (t.ends[best] ?? 0n) ? (t.codes[best] ?? null) : null;
}

/** `csvFiles` are read once, at the first address that needs them (about half a second for the shipped tables). */
export function createGeo(opts: { trustedHeader: string | null; csvFiles: string[] }): Geo {
  let tables: ReturnType<typeof loadTables> | null = null;
  const lookup = (ip: string): string | null => {
    const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!family || PRIVATE.check(address, family) || opts.csvFiles.length === 0) return null;
    tables ??= loadTables(opts.csvFiles);
    const n = ipToBigInt(address);
    if (n === null) return null;
    return family === 'ipv4' ? find(tables.v4, n) : find(tables.v6, n >> 64n);
  };
  return {
    countryOf(ip, headerValue) {
      if (opts.trustedHeader) {
        const v = (Array.isArray(headerValue) ? headerValue[0] : headerValue)?.trim().toLowerCase();
        // Cloudflare uses XX for unknown and T1 for Tor.
        if (v && /^[a-z]{2}$/.test(v) && v !== 'xx' && v !== 't1') return v;
      }
      return lookup(ip);
    },
  };
}
