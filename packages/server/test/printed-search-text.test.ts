import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@rl/contract';
import { isPostgres } from '../src/db/dialect.js';
import { down, up } from '../src/db/migrations/20261129-0021-printed-search-text.js';
import { READING_VERSION } from '../src/pdf/reading-version.js';
import { foldHan } from '@rl/contract/han-fold';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';

/*
 * The search index keeps each report's text as printed beside the folded text it indexes. The
 * migration that brought it in (and back out) keeps every entry searchable, and has the Chinese
 * reports read again so that their entries are rewritten with the printed text.
 */

let lib: TestLibrary;
let zh: { id: string; seq: number };
let en: { id: string; seq: number };
let mine: { id: string; seq: number };
const asMigration = () => lib.db as unknown as Kysely<unknown>;

const search = (keyword: string) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1 });
const titles = async (keyword: string) => (await search(keyword)).body.file_list.map((f) => f.title).sort();
const readingOf = async (seq: number) =>
  (
    await lib.db
      .selectFrom('files')
      .select('reading_version')
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow()
  ).reading_version;

beforeAll(async () => {
  lib = await openTestLibrary();
  zh = await buildFile(lib.db, {
    title: '證券業週報',
    language: 'zh',
    pages: ['本週香港證券市場成交回升，利率債殖利率走低。'],
  });
  en = await buildFile(lib.db, { title: 'Semiconductor outlook', pages: ['Foundry capacity is tight.'] });
  mine = await buildFile(lib.db, {
    title: 'Private memo on foundries',
    pages: ['Foundry notes.'],
    ownerId: 'u_owner',
  });
});
afterAll(() => lib.close());

describe('the search index with the printed text beside it', () => {
  it('shows a traditional report as printed and finds it in either script', async () => {
    const r = await search('证券');
    expect(r.body.file_list.map((f) => f.title)).toEqual(['證券業週報']);
    expect(r.body.file_list[0]?.snippet).toContain('本週香港<mark>證券</mark>市場成交回升');
  });

  it('keeps every entry searchable through the migration and back, and reads the Chinese reports again', async () => {
    await down(asMigration());
    expect(await readingOf(zh.seq)).toBe(0);
    if (!isPostgres(lib.db)) {
      // The entries as the build before wrote them: the text folded, traditional script included.
      for (const table of ['files_fts', 'private_fts']) {
        const rows = await sql<{ rowid: number; title: string; meta: string; body: string }>`
          SELECT rowid, title, meta, body FROM ${sql.table(table)}`.execute(lib.db);
        for (const r of rows.rows)
          await sql`UPDATE ${sql.table(table)} SET title = ${foldHan(r.title)}, meta = ${foldHan(r.meta)},
            body = ${foldHan(r.body)} WHERE rowid = ${r.rowid}`.execute(lib.db);
      }
    }

    await lib.db.updateTable('files').set({ reading_version: READING_VERSION }).execute();
    await up(asMigration());
    expect(await titles('证券')).toEqual(['證券業週報']);
    expect(await titles('利率债')).toEqual(['證券業週報']);
    expect(await titles('foundry')).toEqual(['Semiconductor outlook']);
    expect(await readingOf(zh.seq)).toBe(0);
    expect(await readingOf(en.seq)).toBe(READING_VERSION);
    expect(await readingOf(mine.seq)).toBe(READING_VERSION);

    if (!isPostgres(lib.db)) {
      const count = async (table: string) =>
        Number(
          (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(lib.db)).rows[0]
            ?.n,
        );
      expect(await count('files_fts')).toBe(2);
      expect(await count('files_fts_text')).toBe(2);
      expect(await count('private_fts')).toBe(1);
      expect(await count('private_fts_text')).toBe(1);
    }
  });

  it('takes an entry out of the index and its text together', async () => {
    await lib.repos.search.unindex(en.seq);
    expect(await titles('foundry')).toEqual([]);
    expect(await lib.repos.search.indexed(en.seq)).toBeUndefined();
    expect((await lib.repos.search.indexed(zh.seq))?.title.replace(/ /g, '')).toBe(
      isPostgres(lib.db) ? '證券業週報' : '证券业周报',
    );
  });
});
