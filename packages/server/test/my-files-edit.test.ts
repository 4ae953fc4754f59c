import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyFileEditResponse, SearchResponse, UploadResponse } from '@rl/contract';
import { readCorpusFile } from './pdf/test-corpus.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  expect400,
  FILE_NOT_FOUND,
  NOT_LOGGED_IN,
  paidUser,
  trialUser,
  type TestUser,
} from './library-helpers.js';
import { myFiles, upload } from './upload-helpers.js';

/**
 * An upload's title and publish date: read from its first page by the ingestion the library's
 * imports use, then corrected by its owner (and by nobody else) through /api/file/myfiles/edit.
 */

/** A 5-page 8-K: its first page names the company and the form, its cover the date of report. */
const PEPSICO_NAME = 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf';
const PEPSICO = readCorpusFile('reports', PEPSICO_NAME);
const PEPSICO_TITLE = 'PepsiCo, Inc. Form 8-K';
/** A Chinese broker note: the title is the note's headline, the date its issue date. */
const TEBON = readCorpusFile('reports', 'cn_broker_note_tebon_688556_2022-07-19.pdf');
/** The test clock's day (harness.ts). */
const TODAY = '2026-11-21';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '20000' }, { jobs: true });
});
afterAll(() => lib.close());

const api = <T>(url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  call<T>(lib.app, url, body, { token, headers });
const edit = (body: Record<string, unknown>, token?: string, headers?: Record<string, string>) =>
  api<MyFileEditResponse>('/api/file/myfiles/edit', body, token, headers);
const searchIds = async (keyword: string, token?: string) => {
  const r = await api<SearchResponse>('/api/file/search', { keyword }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.file_list.map((f) => f.id);
};
/** The row's title, date and update time, as stored. */
const stored = (id: string) =>
  lib.db
    .selectFrom('files')
    .select(['title', 'publish_date', 'updated_time'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Uploads under a file name that says nothing and waits until the job runner has ingested it. */
async function uploaded(user: TestUser, bytes: Uint8Array, name = 'scan-0001.pdf'): Promise<string> {
  const r = await upload<UploadResponse>(lib, user.token, bytes, name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await lib.runner!.idle();
  return r.body.file.id;
}
async function myFile(user: TestUser, id: string) {
  const r = await myFiles(lib, user.token);
  expect(r.status).toBe(200);
  const f = r.body.file_list.find((x) => x.id === id);
  expect(f).toBeDefined();
  return f!;
}

describe('an upload gets its title and date from its first page', () => {
  it('as the same PDF imported into the library does, not from its file name', async () => {
    const me = await trialUser(lib);
    const id = await uploaded(me, PEPSICO);
    const mine = await myFile(me, id);
    expect(mine).toMatchObject({ status: 'ready', file_name: 'scan-0001.pdf' });
    expect(mine.title).toBe(PEPSICO_TITLE);
    expect(mine.publish_date).toBe('2023-05-05');

    const imported = await lib.ingestor.ingest({ bytes: PEPSICO, fileName: PEPSICO_NAME, source: 'import' });
    if (imported.kind !== 'queued') throw new Error(`not imported: ${imported.kind}`);
    await lib.runner!.idle();
    const row = await lib.db
      .selectFrom('files')
      .select(['title', 'publish_date'])
      .where('id', '=', imported.fileId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: mine.title, publish_date: mine.publish_date });
  });

  it('reads a Chinese broker note the same way', async () => {
    const me = await trialUser(lib);
    const mine = await myFile(me, await uploaded(me, TEBON, 'upload.pdf'));
    expect(mine.title).toContain('高测股份');
    expect(mine.title).not.toContain('upload');
    expect(mine.publish_date).toBe('2022-07-19');
  });
});

describe('the owner edits the title and publish date of an upload', () => {
  let owner: TestUser;
  let id: string;
  beforeAll(async () => {
    owner = await trialUser(lib);
    id = await uploaded(owner, PEPSICO, 'pepsi-owner.pdf');
  });

  it('changes both; the list and the owner’s search see the new title at once', async () => {
    expect(await searchIds('Quetzalcoatl', owner.token)).not.toContain(id);
    const r = await edit(
      { file_id: id, document_title: '  Quetzalcoatl beverage memo  ', publish_date: '2023-06-01' },
      owner.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({
      id,
      title: 'Quetzalcoatl beverage memo',
      publish_date: '2023-06-01',
      visibility: 'private',
      status: 'ready',
    });
    expect(await myFile(owner, id)).toMatchObject({
      title: 'Quetzalcoatl beverage memo',
      publish_date: '2023-06-01',
    });
    expect(await searchIds('Quetzalcoatl', owner.token)).toEqual([id]);
    // Still private: nobody else finds it by its new title.
    expect(await searchIds('Quetzalcoatl', (await trialUser(lib)).token)).toEqual([]);
    expect(await searchIds('Quetzalcoatl')).toEqual([]);
  });

  it('changes only the field given; a null date clears it; today and a 300-character title pass', async () => {
    const before = await stored(id);
    let r = await edit({ file_id: id, publish_date: TODAY }, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({ title: before.title, publish_date: TODAY });

    r = await edit({ file_id: id, publish_date: null }, owner.token);
    expect(r.body.file).toMatchObject({ title: before.title, publish_date: null });

    const long = `Zanzibar ${'x'.repeat(291)}`;
    expect(long).toHaveLength(300);
    r = await edit({ file_id: id, document_title: long }, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({ title: long, publish_date: null });
    expect(await searchIds('Zanzibar', owner.token)).toEqual([id]);
    expect(await searchIds('Quetzalcoatl', owner.token)).toEqual([]);
  });

  it('of a published upload, re-indexes it in the library: every reader finds the new title', async () => {
    const paid = await paidUser(lib);
    const pub = await uploaded(paid, TEBON, 'tebon.pdf');
    const shared = await api('/api/file/myfiles/publish', { file_id: pub, publish: true }, paid.token);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const r = await edit({ file_id: pub, document_title: 'Xylophone wire saw note' }, paid.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({ visibility: 'public', publish_date: '2022-07-19' });
    expect(await searchIds('Xylophone')).toEqual([pub]);
    expect(await searchIds('Xylophone', owner.token)).toEqual([pub]);
  });

  it('answers 404 for another user’s file and changes nothing', async () => {
    const before = await stored(id);
    const other = await trialUser(lib);
    const r = await edit({ file_id: id, document_title: 'Not yours' }, other.token);
    expect(r).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    expect(await stored(id)).toEqual(before);
    // A file of the library (no owner) and an ID that never existed answer the same.
    const library = await buildFile(lib.db, { title: 'Library report' });
    expect(await edit({ file_id: library.id, document_title: 'Mine now' }, owner.token)).toMatchObject({
      status: 404,
      body: FILE_NOT_FOUND,
    });
    expect(await edit({ file_id: 'AAAAAAAAAAAAAAAA', document_title: 'x' }, owner.token)).toMatchObject({
      status: 404,
      body: FILE_NOT_FOUND,
    });
  });

  it('answers 401 to a visitor', async () => {
    const before = await stored(id);
    const r = await edit({ file_id: id, document_title: 'Visitor title' });
    expect(r).toMatchObject({ status: 401, body: NOT_LOGGED_IN });
    expect(await stored(id)).toEqual(before);
  });

  it('refuses the metadata of a file still being processed (its ingestion would overwrite it)', async () => {
    const busy = await buildFile(lib.db, { ownerId: owner.id, status: 'processing', title: 'Busy' });
    const r = await edit({ file_id: busy.id, document_title: 'Too early' }, owner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect((await stored(busy.id)).title).toBe('Busy');
  });

  const bad: [string, Record<string, unknown>, string | undefined][] = [
    ['an empty title', { document_title: '' }, 'Please enter a title'],
    ['a title of spaces only', { document_title: '    ' }, 'Please enter a title'],
    ['a title of 301 characters', { document_title: 'y'.repeat(301) }, 'A title is at most 300 characters'],
    ['a title that is not text', { document_title: 42 }, undefined],
    ['a date with slashes', { publish_date: '2023/05/05' }, 'must be a date written YYYY-MM-DD'],
    ['a date that does not exist', { publish_date: '2023-02-30' }, 'is not a real calendar date'],
    ['a date with a time', { publish_date: '2023-05-05T00:00:00Z' }, 'must be a date written YYYY-MM-DD'],
    [
      'a date in the future',
      { publish_date: '2026-11-22' },
      `The publish date cannot be later than today (${TODAY})`,
    ],
    [
      'nothing to correct',
      {},
      'Give a new title, issuer, publish date, analysts, report type, tags, companies or sector',
    ],
  ];
  it.each(bad)('answers 400 to %s and changes nothing', async (_, fields, message) => {
    const before = await stored(id);
    const r = await edit({ file_id: id, ...fields }, owner.token);
    expect400(r);
    if (message) expect((r.body as unknown as { error_msg: string }).error_msg).toContain(message);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 400 without a file ID', async () => {
    expect400(await edit({ document_title: 'No file' }, owner.token));
  });

  it('words its refusals in the reader’s language', async () => {
    const zh = { 'x-language': 'zh' };
    const future = await edit({ file_id: id, publish_date: '2027-01-01' }, owner.token, zh);
    expect(future.status).toBe(400);
    expect((future.body as unknown as { error_msg: string }).error_msg).toBe(
      `发布日期不能晚于今天（${TODAY}）`,
    );
    const empty = await edit({ file_id: id, document_title: ' ' }, owner.token, zh);
    expect(empty.status).toBe(400);
    expect((empty.body as unknown as { error_msg: string }).error_msg).toContain('请输入标题');
    const nothing = await edit({ file_id: id }, owner.token, zh);
    expect((nothing.body as unknown as { error_msg: string }).error_msg).toContain(
      '请填写要更正的标题、发布机构、发布日期、分析师、报告类型、标签、公司或行业',
    );
  });
});
