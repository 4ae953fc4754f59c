import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ISSUER_NAME_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_TITLE_MAX,
  REPORT_KEYWORDS_MAX,
  type MyFilesResponse,
  type SearchResponse,
  type UploadResponse,
} from '@rl/contract';
import { up as cutStoredReadings } from '../src/db/migrations/20261202-0023-bounded-readings.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';
import { myFiles, upload } from './upload-helpers.js';

/**
 * A PDF's info dictionary is written by whoever made the file: a /Title of megabytes or 60,000
 * /Author names must not become a stored title or analyst list of that size, and a list answer
 * carries a bounded title whatever a row holds.
 */

const TITLE_WORDS = 'Global equity market outlook ';
const HUGE_TITLE = TITLE_WORDS.repeat(Math.ceil(2_500_000 / TITLE_WORDS.length));
/**
 * A title as long as an older row may hold: 100 times the limit (PostgreSQL's indexes on title and
 * issuer take it only compressed, so not the megabytes above).
 */
const OLD_TITLE = TITLE_WORDS.repeat(1_000);
const MANY_AUTHORS = Array.from(
  { length: 60_000 },
  (_, i) => `Jane Doe${String.fromCharCode(65 + (i % 26))}`,
);

/** One page of a plain English note whose info dictionary holds megabytes. */
async function hugeInfoPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [
    'Equity strategy: where the market goes from here',
    'We expect global equities to rise modestly over the next twelve months as earnings',
    'growth broadens beyond technology and central banks ease policy gradually.',
    'Valuations in Europe and Japan remain below their long-run averages, while the',
    'United States trades at a premium that depends on margins holding up.',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  // Literal strings (one byte a character), as such a file carries them.
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  const set = (key: string, value: string) => info.set(PDFName.of(key), PDFString.of(value));
  set('Title', HUGE_TITLE);
  set('Author', MANY_AUTHORS.join(', '));
  set('Keywords', Array.from({ length: 20_000 }, (_, i) => `equity topic ${i}`).join(', '));
  set('Creator', 'Capital Research '.repeat(10_000));
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

let lib: TestLibrary;
let owner: TestUser;
let fileId: string;

beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '30000' }, { jobs: true });
  owner = await paidUser(lib);
  const r = await upload<UploadResponse>(lib, owner.token, await hugeInfoPdf(), 'outlook.pdf');
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  fileId = r.body.file.id;
  await lib.runner!.idle();
});
afterAll(() => lib.close());

const stored = () =>
  lib.db
    .selectFrom('files')
    .select(['status', 'title', 'issuer', 'authors', 'keywords', 'tags'])
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();

const search = (body: Record<string, unknown>, token?: string) =>
  call<SearchResponse>(lib.app, '/api/file/search', body, { token });

describe('a document whose info dictionary holds megabytes', () => {
  it('is stored with a title, issuer and analysts bounded as the edit form bounds them', async () => {
    const row = await stored();
    expect(row.status).toBe('ready');
    expect(row.title.length).toBeLessThanOrEqual(MY_FILE_TITLE_MAX);
    expect(row.title.startsWith('Global equity market outlook')).toBe(true);
    expect(row.issuer.length).toBeLessThanOrEqual(ISSUER_NAME_MAX);
    const authors = JSON.parse(row.authors) as string[];
    expect(authors.length).toBeLessThanOrEqual(MY_FILE_AUTHORS_MAX);
    for (const a of authors) expect(a.length).toBeLessThanOrEqual(MY_FILE_AUTHOR_MAX);
    expect((JSON.parse(row.keywords) as string[]).length).toBeLessThanOrEqual(REPORT_KEYWORDS_MAX);
    // Every stored column of the reading is small (a few kB at most), not megabytes.
    for (const value of Object.values(row)) expect(String(value).length).toBeLessThan(10_000);
  });

  it("answers the owner's search and list of uploads in a few kilobytes", async () => {
    const mine = await search({ keyword: 'equity outlook' }, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.body.file_list.map((f) => f.id)).toContain(fileId);
    expect(JSON.stringify(mine.body).length).toBeLessThan(20_000);

    const list = await myFiles(lib, owner.token);
    expect(list.status).toBe(200);
    expect(
      (list.body as MyFilesResponse).file_list.find((f) => f.id === fileId)?.title.length,
    ).toBeLessThanOrEqual(MY_FILE_TITLE_MAX);
    expect(JSON.stringify(list.body).length).toBeLessThan(20_000);
  });

  it('shows a row written before the bounds cut in a list answer, never megabytes', async () => {
    // A row as stored before ingestion bounded readings (the migration cuts those already there).
    await lib.db
      .updateTable('files')
      .set({ title: OLD_TITLE, issuer: OLD_TITLE, authors: JSON.stringify(MANY_AUTHORS) })
      .where('id', '=', fileId)
      .execute();
    const mine = await search({ keyword: '' }, owner.token);
    expect(mine.status).toBe(200);
    const item = mine.body.file_list.find((f) => f.id === fileId);
    expect(item?.title.length).toBeLessThanOrEqual(MY_FILE_TITLE_MAX);
    expect(item?.issuer.length).toBeLessThanOrEqual(ISSUER_NAME_MAX);
    expect(item?.author.length).toBeLessThanOrEqual(MY_FILE_AUTHORS_MAX);
    expect(JSON.stringify(mine.body).length).toBeLessThan(50_000);
  });

  it('is cut where it is stored by the migration that bounds older readings', async () => {
    await lib.db
      .updateTable('files')
      .set({ title: OLD_TITLE, issuer: OLD_TITLE, authors: JSON.stringify(MANY_AUTHORS) })
      .where('id', '=', fileId)
      .execute();
    await cutStoredReadings(lib.db as unknown as Kysely<unknown>);
    const row = await stored();
    expect(row.title.length).toBeLessThanOrEqual(MY_FILE_TITLE_MAX);
    expect(row.title.endsWith('…')).toBe(true);
    expect(row.issuer.length).toBeLessThanOrEqual(ISSUER_NAME_MAX);
    expect(JSON.parse(row.authors)).toEqual(MANY_AUTHORS.slice(0, MY_FILE_AUTHORS_MAX));
  });
});
