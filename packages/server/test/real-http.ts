import { request } from 'node:http';
import type { TestLibrary } from './harness.js';

/** An answer over a real socket: status, headers and the raw body. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  json(): unknown;
}

export interface HttpOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  token?: string;
  fingerprint?: string;
  range?: string;
  headers?: Record<string, string>;
  /** Sent as JSON; a Buffer is sent as it is, with the caller's headers. */
  body?: unknown;
  /** The client's source address on the loopback (127.0.0.x), to play another visitor. */
  localAddress?: string;
}

/** Starts the test library's app on an ephemeral loopback port (closed by lib.close()). */
export async function listenOnLoopback(lib: TestLibrary): Promise<string> {
  return lib.app.listen({ port: 0, host: '127.0.0.1' });
}

/** One HTTP request with node:http, which lets a test choose its source address. */
export function httpRequest(url: string, opts: HttpOptions = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.fingerprint) headers['x-fingerprint'] = opts.fingerprint;
  if (opts.range) headers.range = opts.range;
  const raw = Buffer.isBuffer(opts.body);
  const payload =
    opts.body === undefined
      ? undefined
      : raw
        ? (opts.body as Buffer)
        : Buffer.from(JSON.stringify(opts.body));
  if (payload && !raw) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        headers,
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            raw,
            json: () => JSON.parse(raw.toString('utf8')) as unknown,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
