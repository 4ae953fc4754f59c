import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_LINK_TTL_S,
  ERROR_CODES,
  type AdminFileDownloadHistoryResponse,
  type AdminFileDownloadResponse,
  type AdminFileListResponse,
  type AdminFileResponse,
  type CollectionResponse,
  type DownloadResponse,
  type FileDetailResponse,
  type SearchResponse,
} from '@rl/contract';
import { sql } from 'kysely';
import { readCorpusFile } from './pdf/test-corpus.js';
import {
  adminSession,
  auditOf,
  buildComplaint,
  expectGuarded,
  fileWithBytes,
  manageCall,
  type TestAdmin,
} from './admin-helpers.js';
import { buildFile, type FileSpec } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  expect400,
  FILE_NOT_FOUND,
  libraryTables,
  paidUser,
  REAL_PDF,
  takeDown,
  type TestUser,
} from './library-helpers.js';
import { multipart, rowCounts, storedBlobs, uploadTemps } from './upload-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
/** A real 8-K of the shared corpus, uploaded by the administrator. */
const PEPSICO = readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf');

let lib: TestLibrary;
let admin: TestAdmin;
let reader: TestUser;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '20000' }, { jobs: true });
  admin = await adminSession(lib, 'files_admin');
  reader = await paidUser(lib);
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

const manage = <T = Record<string, unknown>>(path: string, body: unknown, token = admin.token) =>
  manageCall<T>(lib, path, body, token);
const list = (body: Record<string, unknown>) => manage<AdminFileListResponse>('file/list', body);
const details = (file_id: string) => manage<AdminFileResponse>('file/details', { file_id });
const searchIds = async (keyword: string, token = reader.token) => {
  const r = await call<SearchResponse>(lib.app, '/api/file/search', { keyword }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.file_list.map((f) => f.id);
};
const detail = (file_id: string, token = reader.token) =>
  call<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id }, { token });
const get = async (url: string, range?: string, token?: string) => {
  const headers: Record<string, string> = range ? { range } : {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await lib.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.body };
};
const uploadAs = async (parts: Parameters<typeof multipart>[0], token = admin.token) => {
  const body = await multipart(parts);
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/manage/file/upload',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as AdminFileResponse & Record<string, unknown> };
};

describe('the admin guard', () => {
  it('refuses every file call without a token and with a user token (401)', async () => {
    const f = await buildFile(lib.db);
    await expectGuarded(lib, reader.token, [
      ['file/list', {}],
      ['file/details', { file_id: f.id }],
      ['file/edit', { file_id: f.id, title: 'Guarded' }],
      ['file/delete', { file_id: f.id }],
      ['file/upload', {}],
      ['file/download', { file_id: f.id }],
      ['file/download_history', { file_id: f.id }],
    ]);
    expect((await details(f.id)).body.file.title).not.toBe('Guarded');
    // The stream needs its signed link, not a token.
    const bare = await get(`/api/manage/file/download_stream?file_id=${f.id}`);
    expect(bare.status).toBe(403);
    expect(JSON.parse(bare.body)).toMatchObject({ code: 'link_invalid' });
  });
});

describe('file/list and file/details', () => {
  const ISSUER = 'Listing Test Issuer';
  let ids: Record<string, string>;
  beforeAll(async () => {
    const owner = await paidUser(lib);
    const f = async (spec: FileSpec) => (await buildFile(lib.db, { issuer: ISSUER, ...spec })).id;
    ids = {
      alpha: await f({ title: 'Alpha outlook', sizeBytes: 300 }),
      beta: await f({ title: 'Beta outlook', sizeBytes: 100, status: 'processing' }),
      gamma: await f({ title: 'Gamma outlook', sizeBytes: 200, status: 'failed' }),
      mine: await f({ title: 'Delta private', sizeBytes: 50, ownerId: owner.id }),
      down: await f({ title: 'Epsilon down', sizeBytes: 400 }),
    };
    await takeDown(lib.db, ids.down!);
    await buildComplaint(lib.db, ids.alpha!, 'received');
    await buildComplaint(lib.db, ids.alpha!, 'under_review');
    await buildComplaint(lib.db, ids.alpha!, 'rejected');
    await buildComplaint(lib.db, ids.gamma!, 'accepted');
    await lib.db.updateTable('files').set({ views: 9 }).where('id', '=', ids.gamma!).execute();
    ids.owner = owner.username;
  });
  const titles = async (body: Record<string, unknown>) =>
    (await list({ keyword: ISSUER, ...body })).body.file_list.map((f) => f.title);

  it('lists every file, whatever its state, visibility or DMCA mark, with its open complaints', async () => {
    const r = await list({ keyword: ISSUER, sort_by: 'title', sort_order: 'asc' });
    expect(r.status).toBe(200);
    expect(r.body.total_items).toBe(5);
    expect(r.body.file_list.map((f) => f.title)).toEqual([
      'Alpha outlook',
      'Beta outlook',
      'Delta private',
      'Epsilon down',
      'Gamma outlook',
    ]);
    const alpha = r.body.file_list[0]!;
    expect(alpha).toMatchObject({
      id: ids.alpha,
      dmca_open: 2,
      status: 'ready',
      visibility: 'public',
      taken_down_time: null,
    });
    const mine = r.body.file_list[2]!;
    expect(mine).toMatchObject({ visibility: 'private', owner_username: ids.owner, source: 'upload' });
    expect(r.body.file_list[3]?.taken_down_time).toBe('2026-11-21T09:00:00.000Z');
  });

  it('filters by keyword (title, file name, id), status, visibility, uploader and DMCA state', async () => {
    expect(await titles({ keyword: 'gamma OUTLOOK' })).toEqual(['Gamma outlook']);
    // LIKE's wildcards in a keyword are taken literally.
    expect(await titles({ keyword: 'gamma_outlook' })).toEqual([]);
    expect(await titles({ keyword: '%outlook' })).toEqual([]);
    const byId = await list({ keyword: ids.beta });
    expect(byId.body.file_list.map((f) => f.id)).toEqual([ids.beta]);
    expect(await titles({ status: 'processing' })).toEqual(['Beta outlook']);
    expect(await titles({ status: 'failed' })).toEqual(['Gamma outlook']);
    expect(await titles({ visibility: 'private' })).toEqual(['Delta private']);
    expect(await titles({ uploader: ids.owner!.toUpperCase() })).toEqual(['Delta private']);
    expect(await titles({ dmca: 'open' })).toEqual(['Alpha outlook']);
    expect(await titles({ dmca: 'taken_down' })).toEqual(['Epsilon down']);
    expect(await titles({ dmca: 'none', sort_by: 'title', sort_order: 'asc' })).toEqual([
      'Beta outlook',
      'Delta private',
      'Gamma outlook',
    ]);
  });

  it('sorts by size, views or title either way, and pages', async () => {
    expect(await titles({ sort_by: 'size_bytes', sort_order: 'desc' })).toEqual([
      'Epsilon down',
      'Alpha outlook',
      'Gamma outlook',
      'Beta outlook',
      'Delta private',
    ]);
    expect((await titles({ sort_by: 'views' }))[0]).toBe('Gamma outlook');
    const p2 = await list({
      keyword: ISSUER,
      sort_by: 'title',
      sort_order: 'desc',
      page_id: 2,
      page_length: 2,
    });
    expect(p2.body).toMatchObject({ total_items: 5, page_id: 2, page_length: 2 });
    expect(p2.body.file_list.map((f) => f.title)).toEqual(['Delta private', 'Beta outlook']);
    expect400(await list({ sort_by: 'color' }), 'sort_by');
    expect400(await list({ dmca: 'maybe' }), 'dmca');
    expect400(await list({ page_length: 101 }), 'page_length');
  });

  it('details: the metadata, downloads and stars; 404 for an unknown file, 400 for a bad id', async () => {
    const r = await details(ids.alpha!);
    expect(r.status).toBe(200);
    expect(r.body.file).toMatchObject({
      id: ids.alpha,
      title: 'Alpha outlook',
      issuer: ISSUER,
      authors: ['Jane Doe'],
      tags: ['earnings'],
      asset_class: 'Equities',
      country: 'U.S.',
      language: 'en',
      downloads: 0,
      stars: 0,
      dmca_open: 2,
    });
    const unknown = await details('nope_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(FILE_NOT_FOUND);
    expect400(await details('bad id!'), 'file_id');
  });
});

describe('file/edit', () => {
  it('changes the metadata; search finds the new title at once and no longer the old one', async () => {
    const f = await buildFile(lib.db, { title: 'Marmalade forecast', tags: ['jam'] });
    expect(await searchIds('Marmalade')).toEqual([f.id]);
    const r = await manage<AdminFileResponse>('file/edit', {
      file_id: f.id,
      title: 'Tangerine forecast',
      tags: ['citrus', 'fruit'],
      country: 'China',
      publish_date: '2025-03-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({
      title: 'Tangerine forecast',
      tags: ['citrus', 'fruit'],
      country: 'China',
      publish_date: '2025-03-01',
    });
    expect(await searchIds('Tangerine')).toEqual([f.id]);
    expect(await searchIds('Marmalade')).toEqual([]);
    const tagged = await call<SearchResponse>(
      lib.app,
      '/api/file/search',
      { keyword: '', filter: { tags: ['citrus'] } },
      { token: reader.token },
    );
    expect(tagged.body.file_list.map((x) => x.id)).toEqual([f.id]);
    const audit = await auditOf(lib, f.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'file.edit',
      target_type: 'file',
      before: { title: 'Marmalade forecast', tags: ['jam'], country: 'U.S.', publish_date: '2024-01-15' },
      after: {
        title: 'Tangerine forecast',
        tags: ['citrus', 'fruit'],
        country: 'China',
        publish_date: '2025-03-01',
      },
    });
  });

  it("public to private takes the file out of other users' search and detail; back to public returns it", async () => {
    const f = await buildFile(lib.db, { title: 'Pomegranate review' });
    expect((await manage('file/edit', { file_id: f.id, visibility: 'private' })).status).toBe(200);
    expect(await searchIds('Pomegranate')).toEqual([]);
    expect((await detail(f.id)).status).toBe(404);
    const inPrivate = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM private_fts WHERE rowid = ${f.seq}`.execute(lib.db);
    expect(Number(inPrivate.rows[0]?.n)).toBe(1);
    expect((await manage('file/edit', { file_id: f.id, visibility: 'public' })).status).toBe(200);
    expect(await searchIds('Pomegranate')).toEqual([f.id]);
    expect((await auditOf(lib, f.id)).map((a) => a.after)).toEqual([
      { visibility: 'private' },
      { visibility: 'public' },
    ]);
  });

  it('refuses: content already in the library (409), metadata of a processing file (409), bad fields (400), unknown (404)', async () => {
    const owner = await paidUser(lib);
    const pub = await buildFile(lib.db, { sha256: 'a'.repeat(64) });
    const priv = await buildFile(lib.db, { sha256: 'a'.repeat(64), ownerId: owner.id });
    expect((await manage('file/edit', { file_id: priv.id, visibility: 'public' })).status).toBe(409);
    const processing = await buildFile(lib.db, { status: 'processing' });
    expect((await manage('file/edit', { file_id: processing.id, title: 'Too early' })).status).toBe(409);
    expect((await manage('file/edit', { file_id: processing.id, visibility: 'private' })).status).toBe(200);
    expect400(await manage('file/edit', { file_id: pub.id, title: '' }), 'title');
    expect400(await manage('file/edit', { file_id: pub.id, asset_class: 'Tulips' }), 'asset_class');
    expect400(await manage('file/edit', { file_id: pub.id, language: 'fr' }), 'language');
    expect400(await manage('file/edit', { file_id: pub.id, publish_date: '2025-13-45' }), 'publish_date');
    expect((await manage('file/edit', { file_id: 'nope_nope', title: 'X' })).status).toBe(404);
    expect(await auditOf(lib, pub.id)).toEqual([]);
    expect(await auditOf(lib, priv.id)).toEqual([]);
  });
});

describe('file/delete', () => {
  it('removes the file everywhere: search, detail, preview, stars, collections; its bytes when unused', async () => {
    const a = await fileWithBytes(lib, 1, { title: 'Kumquat almanac' });
    const twin = await buildFile(lib.db, { sha256: a.sha256, title: 'Kumquat twin' });
    const d = await detail(a.id);
    const preview = d.body.file_info.encrypted_file_url;
    expect((await get(preview, undefined, reader.token)).status).toBe(200);
    expect(
      (await call(lib.app, '/api/file/star', { file_id: a.id, active_star: true }, { token: reader.token }))
        .status,
    ).toBe(200);
    const coll = await call<CollectionResponse>(
      lib.app,
      '/api/file/collection/create',
      { name: 'Citrus' },
      { token: reader.token },
    );
    const collection_id = coll.body.collection.id;
    const added = await call(
      lib.app,
      '/api/file/collection/add',
      { collection_id, file_id: a.id },
      { token: reader.token },
    );
    expect(added.status).toBe(200);

    const r = await manage('file/delete', { file_id: a.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ file_id: a.id, ok: true });
    expect(await searchIds('Kumquat')).toEqual([twin.id]);
    expect(await detail(a.id)).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    expect((await get(preview, undefined, reader.token)).status).toBe(404);
    expect((await details(a.id)).status).toBe(404);
    for (const t of ['file_stars', 'collection_files', 'file_pages', 'file_tags'] as const) {
      const n = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${sql.table(t)} WHERE file_seq = ${a.seq}`.execute(lib.db);
      expect(Number(n.rows[0]?.n), t).toBe(0);
    }
    const inCollection = await call<{ file_list: unknown[] }>(
      lib.app,
      '/api/file/collection/files',
      { collection_id },
      { token: reader.token },
    );
    expect(inCollection.body.file_list).toEqual([]);
    // The twin still uses the bytes; once it goes too, they go.
    expect(storedBlobs(lib)).toContain(a.sha256);
    expect((await manage('file/delete', { file_id: twin.id })).status).toBe(200);
    expect(storedBlobs(lib)).not.toContain(a.sha256);

    // A repeated delete answers ok again; an unknown file 404.
    expect((await manage('file/delete', { file_id: a.id })).status).toBe(200);
    expect((await manage('file/delete', { file_id: 'nope_nope' })).status).toBe(404);
    const audit = await auditOf(lib, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'file.delete',
      after: null,
      before: { id: a.id, title: 'Kumquat almanac', sha256: a.sha256, visibility: 'public', status: 'ready' },
    });
  });
});

describe('file/upload', () => {
  it('ingests a real PDF into the public library (source admin); it becomes searchable publicly', async () => {
    const r = await uploadAs([
      { name: 'file_name', value: 'PepsiCo 8-K May 2023.pdf' },
      { name: 'file', value: PEPSICO, fileName: 'upload.pdf' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({
      file_name: 'PepsiCo 8-K May 2023.pdf',
      status: 'processing',
      visibility: 'public',
      source: 'admin',
      owner_id: null,
      size_bytes: PEPSICO.length,
    });
    const id = r.body.file.id;
    await lib.runner!.idle();
    expect((await details(id)).body.file.status).toBe('ready');
    expect(await searchIds('PepsiCo')).toContain(id);
    const anonymous = await call<SearchResponse>(lib.app, '/api/file/search', { keyword: 'PepsiCo' });
    expect(anonymous.body.file_list.map((x) => x.id)).toContain(id);
    expect((await detail(id)).status).toBe(200);
    const audit = await auditOf(lib, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'file.upload',
      before: null,
      after: { file_name: 'PepsiCo 8-K May 2023.pdf', status: 'processing' },
    });

    // The same content again: 409, with the file the library has.
    const again = await uploadAs([{ name: 'file', value: PEPSICO, fileName: 'again.pdf' }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: ERROR_CODES.conflict, file_id: id });
  });

  it('refuses content that is not a PDF (400 not_pdf) and a missing file (400), storing nothing', async () => {
    const before = { blobs: storedBlobs(lib), rows: await rowCounts(lib.db) };
    const notPdf = await uploadAs([
      { name: 'file_name', value: 'fake.pdf' },
      {
        name: 'file',
        value: new TextEncoder().encode('just some text, not a PDF at all'),
        fileName: 'fake.pdf',
      },
    ]);
    expect400(notPdf);
    expect(notPdf.body.code).toBe(ERROR_CODES.notPdf);
    expect400(await uploadAs([{ name: 'file_name', value: 'nothing.pdf' }]), 'file');
    expect(storedBlobs(lib)).toEqual(before.blobs);
    expect(await rowCounts(lib.db)).toEqual(before.rows);
    expect(uploadTemps(lib)).toEqual([]);
  });
});

describe('file/download and download_stream', () => {
  it('links to any file (taken down too) with Range and the file name; counted against no quota', async () => {
    const f = await fileWithBytes(lib, 2, { title: 'Down but downloadable' });
    await lib.db
      .updateTable('files')
      .set({ file_name: '2026-12-02_report-00112.pdf', title: '研究 report' })
      .where('id', '=', f.id)
      .execute();
    await takeDown(lib.db, f.id);
    const tables = await libraryTables(lib.db);
    const r = await manage<AdminFileDownloadResponse>('file/download', { file_id: f.id });
    expect(r.status).toBe(200);
    expect(r.body.download_url).toMatch(/^\/api\/manage\/file\/download_stream\?/);
    expect(r.body.expires_time).toBe(new Date(Date.parse(NOW) + DOWNLOAD_LINK_TTL_S * 1000).toISOString());
    const whole = await get(r.body.download_url);
    expect(whole.status).toBe(200);
    expect(whole.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(whole.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('研究 report.pdf')}`,
    );
    const part = await get(r.body.download_url, 'bytes=0-3');
    expect(part.status).toBe(206);
    expect(part.raw.toString()).toBe('%PDF');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${REAL_PDF.length + 64}`);
    expect(await libraryTables(lib.db)).toEqual(tables);

    const tampered = r.body.download_url.replace(/sig=([^&]+)/, (_, s: string) => `sig=${s.slice(0, -2)}xx`);
    expect(JSON.parse((await get(tampered)).body)).toMatchObject({ code: 'link_invalid' });
    const other = r.body.download_url.replace(`file_id=${f.id}`, `file_id=${(await buildFile(lib.db)).id}`);
    expect((await get(other)).status).toBe(403);
    lib.clock.set(new Date(Date.parse(NOW) + (DOWNLOAD_LINK_TTL_S + 1) * 1000).toISOString());
    const expired = await get(r.body.download_url);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.body)).toMatchObject({ code: 'link_expired' });
    expect((await manage('file/download', { file_id: 'nope_nope' })).status).toBe(404);
  });

  it("download_history lists users' downloads of the file, newest first, with their username", async () => {
    const f = await fileWithBytes(lib, 3, { title: 'Popular report' });
    const r = await call<DownloadResponse>(
      lib.app,
      '/api/file/download',
      { file_id: f.id },
      { token: reader.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const h = await manage<AdminFileDownloadHistoryResponse>('file/download_history', { file_id: f.id });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ total_items: 1, page_id: 1 });
    expect(h.body.items).toEqual([
      { user_id: reader.id, username: reader.username, ip: '127.0.0.1', downloaded_time: NOW },
    ]);
    expect((await details(f.id)).body.file.downloads).toBe(1);
    expect((await manage('file/download_history', { file_id: 'nope_nope' })).status).toBe(404);
    expect400(await manage('file/download_history', { file_id: f.id, page_id: 0 }), 'page_id');
  });
});
