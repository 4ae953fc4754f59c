import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllStarsResponse,
  FileDetailResponse,
  IssuerResponse,
  MyFilesResponse,
  PublishResponse,
  SearchResponse,
  UploadResponse,
} from '@rl/contract';
import { sql } from 'kysely';
import { readCorpusFile } from './pdf/test-corpus.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  FILE_NOT_FOUND,
  NOT_LOGGED_IN,
  paidUser,
  REAL_PDF,
  trialUser,
  type TestUser,
} from './library-helpers.js';
import { expectNoLeftovers, MiB, myFiles, padPdf, storedBlobs, upload } from './upload-helpers.js';

/**
 * My files over real uploads ingested by the job runner: the list, delete, publish, and the rule
 * that a private upload is its owner's alone.
 */

/** REAL_PDF is the USDA "Ag Energy Round-Up"; PEPSICO a 5-page 8-K. */
const LIVESTOCK = 'Livestock';
const PEPSICO = readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf');
const PASSWORD_PDF = readCorpusFile('malformed', 'plumb_password-example.pdf');

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '20000' }, { jobs: true });
});
afterAll(() => lib.close());

const api = <T>(url: string, body: unknown, token?: string) => call<T>(lib.app, url, body, { token });
const searchIds = async (keyword: string, token?: string) => {
  const r = await api<SearchResponse>('/api/file/search', { keyword }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.total_items).toBe(r.body.file_list.length);
  return r.body.file_list.map((f) => f.id);
};
const detail = (file_id: string, token?: string) =>
  api<FileDetailResponse>('/api/file/file_detail', { file_id }, token);
const remove = (file_id: string, token?: string) => api('/api/file/myfiles/delete', { file_id }, token);
const publish = (file_id: string, on: boolean, token?: string) =>
  api<PublishResponse>('/api/file/myfiles/publish', { file_id, publish: on }, token);

const issuers = async (token?: string) =>
  (await api<IssuerResponse>('/api/file/issuer', {}, token)).body.all.map((i) => i.name);
const starredIds = async (token: string) =>
  (await api<AllStarsResponse>('/api/file/allstars', {}, token)).body.file_list.map((f) => f.id);

/** Uploads and waits until the job runner has ingested the file. */
async function uploaded(user: TestUser, bytes: Uint8Array, name: string): Promise<string> {
  const r = await upload<UploadResponse>(lib, user.token, bytes, name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await lib.runner!.idle();
  return r.body.file.id;
}

/** The stored PDF behind a detail's signed URL, read by the session it was issued to. */
async function pdfOf(d: FileDetailResponse, token: string): Promise<Buffer> {
  const res = await lib.app.inject({
    method: 'GET',
    url: d.file_info.encrypted_file_url,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('the list of my files', () => {
  it('shows each upload with its state, size, pages, date and what it uses of my plan', async () => {
    const me = await trialUser(lib);
    const ready = await uploaded(me, REAL_PDF, 'roundup.pdf');
    const failed = await uploaded(me, PASSWORD_PDF, 'locked.pdf');
    const processing = await buildFile(lib.db, { ownerId: me.id, status: 'processing', sizeBytes: 2 * MiB });

    const r = await myFiles(lib, me.token);
    expect(r.status).toBe(200);
    const byId = new Map(r.body.file_list.map((f) => [f.id, f]));
    expect(byId.get(ready)).toMatchObject({
      file_name: 'roundup.pdf',
      status: 'ready',
      fail_reason: null,
      size_bytes: REAL_PDF.length,
      page_count: 1,
      upload_time: '2026-11-21T10:00:00.000Z',
      visibility: 'private',
    });
    expect(byId.get(ready)?.title).toMatch(/Ag Energy/i);
    expect(byId.get(failed)).toMatchObject({ file_name: 'locked.pdf', status: 'failed' });
    expect(byId.get(failed)?.fail_reason).toMatch(/password/i);
    expect(byId.get(processing.id)).toMatchObject({ status: 'processing', fail_reason: null });
    // Newest first; the failed upload counts against the plan (its bytes are kept) until deleted.
    expect(r.body.file_list.map((f) => f.id)).toEqual([processing.id, failed, ready]);
    expect(r.body.total_items).toBe(3);
    // Each upload's stored text counts with its PDF (stored-text-storage.test.ts).
    const textBytes = async (id: string) =>
      Buffer.byteLength((await lib.repos.files.pages((await lib.repos.files.byId(id))!.seq)).join(''));
    const text = (await textBytes(ready)) + (await textBytes(failed)) + (await textBytes(processing.id));
    expect(r.body.usage).toEqual({
      files: 3,
      max_files: 10,
      bytes: REAL_PDF.length + PASSWORD_PDF.length + 2 * MiB + text,
      max_bytes: 30 * MiB,
      max_file_bytes: 3 * MiB,
    });

    // The quota map tells the same story.
    const quota = await api<Record<string, number>>('/api/user/quota', {}, me.token);
    expect(quota.body.upload_quota).toBe(7);

    const onlyFailed = await myFiles(lib, me.token, { status: 'failed' });
    expect(onlyFailed.body.file_list.map((f) => f.id)).toEqual([failed]);
    expect(onlyFailed.body.total_items).toBe(1);
    const page2 = await myFiles(lib, me.token, { page_id: 2, page_length: 2 });
    expect(page2.body).toMatchObject({ page_id: 2, page_length: 2, total_items: 3 });
    expect(page2.body.file_list.map((f) => f.id)).toEqual([ready]);

    const anon = await api<MyFilesResponse>('/api/file/myfiles', {});
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(NOT_LOGGED_IN);
    const bad = await myFiles(lib, me.token, { page_id: 0 });
    expect(bad.status).toBe(400);
  });
});

describe('a private upload is its owner’s alone', () => {
  let owner: TestUser;
  let other: TestUser;
  let id: string;
  beforeAll(async () => {
    owner = await trialUser(lib);
    other = await paidUser(lib);
    id = await uploaded(owner, REAL_PDF, 'mine.pdf');
  });

  it('is found, listed and readable by its owner', async () => {
    expect(await searchIds(LIVESTOCK, owner.token)).toContain(id);
    expect((await myFiles(lib, owner.token)).body.file_list.map((f) => f.id)).toEqual([id]);
    const d = await detail(id, owner.token);
    expect(d.status).toBe(200);
    expect(d.body.file_info.permission).toContain('delete');
    expect(d.body.file_info.permission).not.toContain('publish'); // free plan
    expect(Buffer.compare(await pdfOf(d.body, owner.token), Buffer.from(REAL_PDF))).toBe(0);
  });

  it('is absent for another user: search, my files, detail, star, download, delete, publish', async () => {
    expect(await searchIds(LIVESTOCK, other.token)).not.toContain(id);
    expect(await searchIds('', other.token)).not.toContain(id);
    expect((await myFiles(lib, other.token)).body.file_list).toEqual([]);
    for (const r of [
      await detail(id, other.token),
      await api('/api/file/view', { file_id: id }, other.token),
      await api('/api/file/star', { file_id: id, active_star: true }, other.token),
      await api('/api/file/download', { file_id: id }, other.token),
      await call(
        lib.app,
        `/api/file/download_stream?file_id=${id}`,
        {},
        { token: other.token, method: 'GET' },
      ),
      await remove(id, other.token),
      await publish(id, true, other.token),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(FILE_NOT_FOUND);
    }
    // Still there, still private, unstarred.
    const row = await lib.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ready', visibility: 'private', stars: 0 });
  });

  it('is absent for a visitor', async () => {
    expect(await searchIds(LIVESTOCK)).not.toContain(id);
    expect(await searchIds('')).not.toContain(id);
    const d = await detail(id);
    expect(d.status).toBe(404);
    expect(d.body).toEqual(FILE_NOT_FOUND);
    for (const url of ['/api/file/myfiles/delete', '/api/file/star']) {
      const r = await api(url, { file_id: id, active_star: true });
      expect(r.status).toBe(401);
    }
  });
});

describe('deleting my file', () => {
  it('is for its owner only, takes it out of search at once, and keeps bytes another file uses', async () => {
    const a = await trialUser(lib);
    const b = await trialUser(lib);
    const mine = await uploaded(a, PEPSICO, 'pepsico.pdf');
    const theirs = await uploaded(b, PEPSICO, 'pepsico-too.pdf');
    expect(theirs).not.toBe(mine);
    const sha = (
      await lib.db.selectFrom('files').select('sha256').where('id', '=', mine).executeTakeFirstOrThrow()
    ).sha256;
    expect(storedBlobs(lib).filter((s) => s === sha)).toHaveLength(1);
    expect(await searchIds('PepsiCo', a.token)).toEqual([mine]);

    expect((await remove(mine, b.token)).status).toBe(404);
    expect(await searchIds('PepsiCo', a.token)).toEqual([mine]);

    expect((await remove(mine, a.token)).body).toEqual({ ok: true });
    expect(await searchIds('PepsiCo', a.token)).toEqual([]);
    expect((await detail(mine, a.token)).status).toBe(404);
    expect((await remove(mine, a.token)).status).toBe(404);
    expect((await myFiles(lib, a.token)).body).toMatchObject({
      file_list: [],
      usage: { files: 0, bytes: 0 },
    });
    // B's copy keeps the bytes and stays readable.
    expect(storedBlobs(lib)).toContain(sha);
    expect(await searchIds('PepsiCo', b.token)).toEqual([theirs]);
    const d = await detail(theirs, b.token);
    expect(Buffer.compare(await pdfOf(d.body, b.token), Buffer.from(PEPSICO))).toBe(0);

    expect((await remove(theirs, b.token)).body).toEqual({ ok: true });
    expect(storedBlobs(lib)).not.toContain(sha);
    await expectNoLeftovers(lib);
  });

  it('removes what hangs off the file: pages, index rows, stars', async () => {
    const a = await trialUser(lib);
    const id = await uploaded(a, padPdf(REAL_PDF, REAL_PDF.length + 50, 77), 'starred.pdf');
    expect((await api('/api/file/star', { file_id: id, active_star: true }, a.token)).status).toBe(200);
    const seq = (
      await lib.db.selectFrom('files').select('seq').where('id', '=', id).executeTakeFirstOrThrow()
    ).seq;
    const indexed = async () =>
      (await sql`SELECT rowid FROM private_fts WHERE rowid = ${seq}`.execute(lib.db)).rows.length;
    expect(await indexed()).toBe(1);
    expect((await remove(id, a.token)).status).toBe(200);
    for (const t of ['file_pages', 'file_stars', 'file_tags'] as const) {
      const left = await lib.db.selectFrom(t).select('file_seq').where('file_seq', '=', seq).execute();
      expect(left, t).toEqual([]);
    }
    expect(await indexed()).toBe(0);
    await expectNoLeftovers(lib);
  });
});

describe('publishing my file', () => {
  it('is refused on the free plan (403 plan_required)', async () => {
    const me = await trialUser(lib);
    const id = await uploaded(me, REAL_PDF, 'free.pdf');
    const r = await publish(id, true, me.token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      error_msg:
        'Publishing to the library is part of the institutional plan. Subscribe to share your uploads.',
      code: 'plan_required',
      reason: 'plan_feature',
    });
    const row = await lib.db
      .selectFrom('files')
      .select('visibility')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.visibility).toBe('private');
  });

  it('shows a paid user’s file to everyone, and unpublishing hides it again', async () => {
    const me = await paidUser(lib);
    const someone = await trialUser(lib);
    const id = await uploaded(me, PEPSICO, 'shared.pdf');
    expect(await searchIds('PepsiCo', someone.token)).not.toContain(id);

    const on = await publish(id, true, me.token);
    expect(on.status).toBe(200);
    expect(on.body.file).toMatchObject({ id, visibility: 'public', status: 'ready' });
    expect(await searchIds('PepsiCo', someone.token)).toEqual([id]);
    expect(await searchIds('PepsiCo')).toEqual([id]);
    expect(await searchIds('PepsiCo', me.token)).toEqual([id]); // once, not twice
    const visitorLink = (await detail(id)).body.file_info.encrypted_file_url;
    const ownerLinkWhilePublic = (await detail(id, me.token)).body.file_info.encrypted_file_url;
    expect((await lib.app.inject({ method: 'GET', url: visitorLink })).statusCode).toBe(200);

    const issuer = on.body.file.issuer;
    expect(issuer).not.toBe('');
    expect(await issuers(someone.token)).toContain(issuer);
    expect((await api('/api/file/star', { file_id: id, active_star: true }, someone.token)).status).toBe(200);
    expect(await starredIds(someone.token)).toEqual([id]);

    const off = await publish(id, false, me.token);
    expect(off.body.file.visibility).toBe('private');
    expect(await searchIds('PepsiCo', someone.token)).toEqual([]);
    expect((await detail(id, someone.token)).status).toBe(404);
    expect(await issuers(someone.token)).not.toContain(issuer);
    expect(await starredIds(someone.token)).toEqual([]);
    expect(await searchIds('PepsiCo', me.token)).toEqual([id]);
    // A link given out while the file was public no longer opens it; the owner's own link does.
    const stream = async (url: string, token?: string) => {
      const headers = token ? { authorization: `Bearer ${token}` } : {};
      return (await lib.app.inject({ method: 'GET', url, headers })).statusCode;
    };
    expect(await stream(visitorLink)).toBe(403);
    expect(await stream(ownerLinkWhilePublic, me.token)).toBe(403);
    const ownerLink = (await detail(id, me.token)).body.file_info.encrypted_file_url;
    expect(ownerLink).not.toBe(ownerLinkWhilePublic);
    expect(await stream(ownerLink, me.token)).toBe(200);
    // Published again, the owner's private-time link keeps working.
    expect((await publish(id, true, me.token)).status).toBe(200);
    expect(await stream(ownerLink, me.token)).toBe(200);
  });

  it('refuses to publish a report the library already has (409)', async () => {
    const first = await paidUser(lib);
    const second = await paidUser(lib);
    const a = await uploaded(first, REAL_PDF, 'one.pdf');
    const b = await uploaded(second, REAL_PDF, 'two.pdf');
    expect((await publish(a, true, first.token)).status).toBe(200);
    const r = await publish(b, true, second.token);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error_msg: 'This report is already in the library', code: 'conflict' });
    expect(await searchIds(LIVESTOCK)).toEqual([a]);
    expect((await publish(a, false, first.token)).status).toBe(200);
  });
});
