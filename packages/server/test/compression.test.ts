import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible } from '../src/http/compression.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, storedFile, type TestUser } from './library-helpers.js';
import { httpRequest, listenOnLoopback, type HttpAnswer } from './real-http.js';

/**
 * Answers are compressed when the client accepts it and it pays: JSON and text, never PDFs, byte
 * ranges, the chat's event stream or assets the build already compressed. Over real HTTP.
 */
let lib: TestLibrary;
let base: string;
let user: TestUser;
let pdf: { id: string; size: number };
let textFile: string;
const BIG_SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'rl-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), `<!doctype html><div id="root"></div>${'<p>x</p>'.repeat(300)}`);
  writeFileSync(join(web, 'assets', 'app-1.js'), BIG_SCRIPT);
  writeFileSync(join(web, 'assets', 'app-1.js.br'), brotliCompressSync(BIG_SCRIPT));
  lib = await openTestLibrary({ WEB_DIST: web });
  base = await listenOnLoopback(lib);
  user = await paidUser(lib);
  pdf = await storedFile(lib, 'compress-me.pdf', { publishDate: '2026-11-01' });
  // Enough results that the search answer is past 8 KB (a page of 20, with research data).
  for (let i = 0; i < 24; i++) {
    await buildFile(lib.db, {
      title: `Copper demand outlook part ${i}: smelter margins, grid investment and the supply gap`,
      pages: ['Copper demand rises with grid investment; supply stays tight through the year.'],
    });
  }
  textFile = (
    await buildFile(lib.db, {
      title: 'Copper chat source',
      pages: ['Copper prices rose as smelters cut output and inventories fell to a decade low.'],
    })
  ).id;
});
afterAll(() => lib.close());

const searchCopper = (acceptEncoding?: string) =>
  httpRequest(`${base}/api/file/search`, {
    body: { keyword: 'copper', page_length: 20 },
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
const encoding = (r: HttpAnswer) => r.headers['content-encoding'];

describe('JSON answers', () => {
  it('are sent with brotli when accepted, and decode to the same answer', async () => {
    const plain = await searchCopper();
    expect(plain.status).toBe(200);
    expect(encoding(plain)).toBeUndefined();
    expect(plain.raw.byteLength).toBeGreaterThan(1024);

    const br = await searchCopper('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(encoding(br)).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.raw.byteLength).toBeLessThan(plain.raw.byteLength);
    const decoded = JSON.parse(brotliDecompressSync(br.raw).toString('utf8')) as { file_list: unknown[] };
    expect(decoded.file_list.length).toBeGreaterThan(5);
    expect(decoded).toEqual(plain.json());
  });

  it('are compressed in one call up to 64 KB, so their length is known and nothing is streamed', async () => {
    const plain = await searchCopper();
    // Past the plugin's own default (8 KB on a 2-core host), under which the answer would stream.
    expect(plain.raw.byteLength).toBeGreaterThan(8 * 1024);
    expect(plain.raw.byteLength).toBeLessThan(64 * 1024);
    for (const accept of ['br', 'gzip']) {
      const r = await searchCopper(accept);
      expect(encoding(r)).toBe(accept);
      expect(r.headers['transfer-encoding']).toBeUndefined();
      expect(Number(r.headers['content-length'])).toBe(r.raw.byteLength);
    }
  });

  it('are sent with gzip to a client that accepts only gzip', async () => {
    const gz = await searchCopper('gzip');
    expect(encoding(gz)).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.raw).toString('utf8'))).toEqual((await searchCopper()).json());
  });

  it('are sent as they are to a client that asks for identity or an unknown coding', async () => {
    for (const accept of ['identity', 'compress', 'zstd;q=1, *;q=0']) {
      const r = await searchCopper(accept);
      expect(r.status, accept).toBe(200);
      expect(encoding(r), accept).toBeUndefined();
      expect(r.json(), accept).toMatchObject({ file_list: expect.any(Array) });
    }
  });

  it('are not compressed when small (under 1 KB)', async () => {
    const r = await httpRequest(`${base}/api/nothing-here`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.status).toBe(404);
    expect(encoding(r)).toBeUndefined();
    expect(r.json()).toMatchObject({ error_msg: expect.any(String) });
  });

  it('a gzip-encoded request body is not inflated: it is refused as malformed', async () => {
    const r = await httpRequest(`${base}/api/file/search`, {
      method: 'POST',
      body: gzipSync(JSON.stringify({ keyword: 'copper' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(r.status).toBe(400);
    expect(r.json()).not.toHaveProperty('file_list');
  });
});

describe('PDFs, ranges and streams', () => {
  const stream = (range?: string) =>
    httpRequest(`${base}/api/file/download_stream?file_id=${pdf.id}`, {
      token: user.token,
      headers: { 'accept-encoding': 'br, gzip' },
      ...(range ? { range } : {}),
    });

  it('a whole PDF is sent as its own bytes', async () => {
    const r = await stream();
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(encoding(r)).toBeUndefined();
    expect(r.raw.equals(REAL_PDF)).toBe(true);
  });

  it('a byte range is the range of the file, with its Content-Range and length', async () => {
    const r = await stream('bytes=100-1123');
    expect(r.status).toBe(206);
    expect(encoding(r)).toBeUndefined();
    expect(r.headers['content-range']).toBe(`bytes 100-1123/${pdf.size}`);
    expect(r.headers['content-length']).toBe('1024');
    expect(r.raw.equals(Buffer.from(REAL_PDF.subarray(100, 1124)))).toBe(true);
  });

  it("the chat's event stream is not compressed", async () => {
    const r = await httpRequest(`${base}/api/dialog/chat`, {
      token: user.token,
      headers: { 'accept-encoding': 'br, gzip' },
      body: { file_id: textFile, question: 'Why did copper prices rise?' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/event-stream');
    expect(encoding(r)).toBeUndefined();
    expect(r.raw.toString('utf8')).toMatch(/^event: /m);
  });
});

describe('the web app', () => {
  it('sends the pre-compressed asset once, not compressed again', async () => {
    const r = await httpRequest(`${base}/assets/app-1.js`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(encoding(r)).toBe('br');
    expect(brotliDecompressSync(r.raw).toString('utf8')).toBe(BIG_SCRIPT);
  });

  it('compresses index.html', async () => {
    const r = await httpRequest(`${base}/home/file`, { headers: { 'accept-encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(encoding(r)).toBe('gzip');
    expect(gunzipSync(r.raw).toString('utf8')).toContain('id="root"');
  });
});

describe('isCompressible', () => {
  it('takes JSON, text, scripts and SVG; never PDFs, octet streams or event streams', () => {
    for (const t of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/html; charset=utf-8',
      'text/css',
      'application/javascript',
      'image/svg+xml',
    ])
      expect(isCompressible(t), t).toBe(true);
    for (const t of [
      'application/pdf',
      'application/octet-stream',
      'text/event-stream',
      'image/png',
      'font/woff2',
    ])
      expect(isCompressible(t), t).toBe(false);
  });
});
