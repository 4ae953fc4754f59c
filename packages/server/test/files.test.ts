import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetailResponse, IssuerResponse, TagSearchResponse } from '@rl/contract';
import { sha256Hex } from '../src/platform/storage/types.js';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

let lib: TestLibrary;
let fileId: string;
let otherId: string;
const pdfBytes = new Uint8Array(Buffer.from('%PDF-1.7\n' + 'x'.repeat(5000) + '\n%%EOF\n'));

beforeAll(async () => {
  lib = await openTestLibrary();
  await lib.storage.put(pdfBytes);
  fileId = (
    await buildFile(lib.db, {
      title: 'Japan autos outlook',
      issuer: 'Northbridge Securities',
      tags: ['autos', 'japan'],
      sha256: sha256Hex(pdfBytes),
      stockInformation: [
        { ticker: '7203 JP', company_name: 'Toyota', rating: 'Buy', target_price: 'JPY 3,200' },
      ],
    })
  ).id;
  otherId = (await buildFile(lib.db, { title: 'Other', issuer: '华泰远景证券', tags: ['autos', '新能源'] }))
    .id;
  await buildFile(lib.db, {
    title: 'Northbridge copper',
    issuer: 'Northbridge Securities',
    tags: ['copper'],
  });
  await buildFile(lib.db, { title: 'Hidden', issuer: 'Secret House', status: 'processing' });
});
afterAll(() => lib.close());

const detail = (id: string) => post<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id: id });

describe('file detail', () => {
  it('answers the detail, meta and translation fields of the spec', async () => {
    const r = await detail(fileId);
    expect(r.status).toBe(200);
    const f = r.body.file_info;
    expect(f).toMatchObject({
      id: fileId,
      file_type: 'pdf',
      status: 'ready',
      visibility: 'public',
      cn_pdf_translate_status: 'not_started',
      translate_failed_retry: false,
    });
    expect(f.meta).toMatchObject({
      document_title: 'Japan autos outlook',
      issuer: 'Northbridge Securities',
      author: ['Jane Doe'],
      language: 'en',
      stock_information: [
        { ticker: '7203 JP', company_name: 'Toyota', rating: 'Buy', target_price: 'JPY 3,200' },
      ],
    });
    expect(f.encrypted_file_url).toMatch(/^\/api\/file\/stream\//);
    expect(r.body.starred).toBe(false);
  });

  it('answers 404 for an unknown file and for one still processing', async () => {
    expect((await detail('nosuchfile123')).status).toBe(404);
    const hidden = await post(lib.app, '/api/file/search', { keyword: 'hidden' });
    expect(hidden.body).toMatchObject({ total_items: 0 });
  });

  it('answers 400 for a malformed file_id', async () => {
    for (const file_id of ['', '../etc/passwd', 'a'.repeat(65), 42]) {
      const r = await post(lib.app, '/api/file/file_detail', { file_id });
      expect(r.status, String(file_id)).toBe(400);
    }
    expect((await post(lib.app, '/api/file/file_detail', {})).status).toBe(400);
  });

  it('records views, once a day per viewer (view-counter.test.ts)', async () => {
    const a = await post<{ views: number }>(lib.app, '/api/file/view', { file_id: fileId });
    const b = await post<{ views: number }>(lib.app, '/api/file/view', { file_id: fileId });
    expect(a.body.views).toBeGreaterThan(0);
    expect(b.body.views).toBe(a.body.views);
    expect((await post(lib.app, '/api/file/view', { file_id: 'nosuchfile123' })).status).toBe(404);
  });
});

describe('signed file URL', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    lib.app.inject({ method: 'GET', url, headers });

  it('streams the whole PDF with its length', async () => {
    const url = (await detail(fileId)).body.file_info.encrypted_file_url;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(pdfBytes.byteLength);
    expect(res.rawPayload.equals(Buffer.from(pdfBytes))).toBe(true);
  });

  it('serves byte ranges', async () => {
    const url = (await detail(fileId)).body.file_info.encrypted_file_url;
    const head = await get(url, { range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${pdfBytes.byteLength}`);
    expect(head.rawPayload.equals(Buffer.from(pdfBytes.subarray(0, 100)))).toBe(true);
    const tail = await get(url, { range: 'bytes=-7' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.toString()).toBe('%%EOF\n'.padStart(7, '\n'));
    const open = await get(url, { range: `bytes=${pdfBytes.byteLength - 3}-` });
    expect(open.rawPayload.length).toBe(3);
    const beyond = await get(url, { range: `bytes=${pdfBytes.byteLength}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdfBytes.byteLength}`);
  });

  it('refuses a tampered signature, another file, a changed expiry and an expired link', async () => {
    const url = (await detail(fileId)).body.file_info.encrypted_file_url;
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig') ?? '';
    const flip = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect((await get(url.replace(sig, flip))).statusCode).toBe(403);
    expect((await get(url.replace(fileId, otherId))).statusCode).toBe(403);
    const exp = u.searchParams.get('exp') ?? '';
    expect((await get(url.replace(`exp=${exp}`, `exp=${Number(exp) + 600}`))).statusCode).toBe(403);
    expect((await get(url.replace(/&sig=[^&]+/, ''))).statusCode).toBe(400);

    lib.clock.set(new Date(Number(exp) * 1000 + 1000).toISOString());
    const expired = await get(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error_msg: expect.stringContaining('expired') });
    lib.clock.set('2026-11-21T10:00:00.000Z');
  });
});

describe('issuers and tags', () => {
  it('lists all issuers with file counts, and popular ones; none starred for a visitor', async () => {
    const r = await post<IssuerResponse>(lib.app, '/api/file/issuer', {});
    expect(r.status).toBe(200);
    expect(r.body.all).toEqual([
      { name: 'Northbridge Securities', file_count: 2 },
      { name: '华泰远景证券', file_count: 1 },
    ]);
    expect(r.body.popular[0]?.name).toBe('Northbridge Securities');
    expect(r.body.star).toEqual([]);
  });

  it('filters issuers case-insensitively, Chinese too', async () => {
    const en = await post<IssuerResponse>(lib.app, '/api/file/issuer', { input_content: 'NORTH' });
    expect(en.body.all.map((i) => i.name)).toEqual(['Northbridge Securities']);
    const zh = await post<IssuerResponse>(lib.app, '/api/file/issuer', { input_content: '远景' });
    expect(zh.body.all.map((i) => i.name)).toEqual(['华泰远景证券']);
    const none = await post<IssuerResponse>(lib.app, '/api/file/issuer', { input_content: '%' });
    expect(none.body.all).toEqual([]);
  });

  it('suggests tags for a prefix, most used first', async () => {
    const r = await post<TagSearchResponse>(lib.app, '/api/file/tag/search', { prefix: 'a' });
    expect(r.body.tags).toEqual([{ tag: 'autos', file_count: 2 }]);
    const zh = await post<TagSearchResponse>(lib.app, '/api/file/tag/search', { prefix: '新' });
    expect(zh.body.tags).toEqual([{ tag: '新能源', file_count: 1 }]);
    expect((await post(lib.app, '/api/file/tag/search', { prefix: 'x'.repeat(61) })).status).toBe(400);
  });
});

describe('service endpoints', () => {
  it('reports health with library and job counts', async () => {
    const res = await lib.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', files: { ready: 3, processing: 1 } });
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await lib.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/file/search',
        '/api/file/file_detail',
        '/api/file/issuer',
        '/api/health',
      ]),
    );
  });

  it('sends security headers', async () => {
    const res = await lib.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
