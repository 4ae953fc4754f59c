import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/** HSTS only over HTTPS, the client's address only from trusted proxies, and the CSP of the app. */

const web = mkdtempSync(join(tmpdir(), 'rl-csp-web-'));
mkdirSync(join(web, 'assets'));
writeFileSync(
  join(web, 'index.html'),
  '<!doctype html><html><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>',
);
// The build's compressed copies of the page: never served raw (they carry no nonce).
writeFileSync(join(web, 'index.html.br'), 'compressed page');
writeFileSync(join(web, 'index.html.gz'), 'compressed page');

/** A library listening on loopback; `clientIp` answers the address the app took the client for. */
async function open(env: Record<string, string> = {}) {
  const lib = await openTestLibrary({ WEB_DIST: web, ...env });
  lib.app.get('/api/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  const url = await lib.app.listen({ port: 0, host: '127.0.0.1' });
  return { lib, url };
}

describe('without TRUST_PROXY (the default)', () => {
  let lib: TestLibrary;
  let url: string;
  beforeAll(async () => ({ lib, url } = await open()));
  afterAll(() => lib.close());

  it('sends no HSTS over plain HTTP, whatever X-Forwarded-Proto claims', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const res = await fetch(`${url}/api/test/client`, { headers });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(await res.json()).toMatchObject({ protocol: 'http' });
    }
  });

  it('ignores a spoofed X-Forwarded-For: the client is the socket peer', async () => {
    const res = await fetch(`${url}/api/test/client`, { headers: { 'x-forwarded-for': '203.0.113.50' } });
    expect(await res.json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    const far = await lib.app.inject({
      method: 'GET',
      url: '/api/test/client',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' },
    });
    expect(far.json()).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    expect(far.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends a CSP with a fresh style nonce per page, handed to the page, and no unsafe-inline', async () => {
    const seen = new Set<string>();
    for (const path of ['/my/upload', '/home/file', '/admin']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      // Inline style elements need the nonce; only style attributes are allowed (antd's TextArea).
      expect(directives['style-src-attr']).toEqual(["'unsafe-inline'"]);
      expect(csp).not.toContain("'unsafe-eval'");
      const style = directives['style-src'] ?? [];
      expect(style[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(style[1] ?? '')?.[1];
      expect(nonce, csp).toBeDefined();
      expect(style).toHaveLength(2);
      expect(await res.text()).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  });
});

describe('what every answer says', () => {
  let lib: TestLibrary;
  let url: string;
  beforeAll(async () => ({ lib, url } = await open()));
  afterAll(() => lib.close());

  it('switches off browser features the app never uses, on pages and API answers', async () => {
    for (const path of ['/home/file', '/api/pub/site']) {
      const policy = (await fetch(`${url}${path}`)).headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
        expect(policy).toContain(feature);
      }
    }
  });

  it('lets no cache store an API answer, personal or refused, unless its route says otherwise', async () => {
    for (const path of ['/api/user/info', '/api/pub/site']) {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer stale' },
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await fetch(`${url}/home/file`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves the compressed copies of the page raw', async () => {
    for (const path of ['/index.html.br', '/index.html.gz', '/index.html']) {
      const res = await fetch(`${url}${path}`);
      expect(await res.text()).not.toBe('compressed page');
      expect(res.headers.get('content-encoding')).toBeNull();
    }
  });
});

describe('TRUST_PROXY=127.0.0.1 (a reverse proxy on this machine)', () => {
  let lib: TestLibrary;
  let url: string;
  beforeAll(async () => ({ lib, url } = await open({ TRUST_PROXY: '127.0.0.1' })));
  afterAll(() => lib.close());

  it('sends HSTS when the proxy says the client used HTTPS, and not otherwise', async () => {
    const https = await fetch(`${url}/api/test/client`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.8' },
    });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(await https.json()).toEqual({ ip: '203.0.113.8', protocol: 'https' });
    const http = await fetch(`${url}/api/test/client`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });

  it('believes the forwarded headers from the proxy only, not from any other peer', async () => {
    const direct = await lib.app.inject({
      method: 'GET',
      url: '/api/test/client',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https' },
    });
    expect(direct.json()).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // Through the proxy, a client's own X-Forwarded-For entry comes before the proxy's: not believed.
    const relayed = await fetch(`${url}/api/test/client`, {
      headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.7' },
    });
    expect(await relayed.json()).toMatchObject({ ip: '198.51.100.7' });
  });
});

describe('TRUST_PROXY=1 (one hop) and bad values', () => {
  let lib: TestLibrary;
  let url: string;
  beforeAll(async () => ({ lib, url } = await open({ TRUST_PROXY: '1' })));
  afterAll(async () => {
    await lib.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('takes the last hop only', async () => {
    const res = await fetch(`${url}/api/test/client`, {
      headers: { 'x-forwarded-for': '127.0.0.9, 203.0.113.4', 'x-forwarded-proto': 'https' },
    });
    expect(await res.json()).toEqual({ ip: '203.0.113.4', protocol: 'https' });
    expect(res.headers.get('strict-transport-security')).not.toBeNull();
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rl-trust-'));
    try {
      expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual([
        '10.0.0.0/8',
        'loopback',
      ]);
      expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
      for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal']) {
        expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
