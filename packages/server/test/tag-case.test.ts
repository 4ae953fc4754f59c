import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagSearchResponse } from '@rl/contract';
import type { Kysely } from 'kysely';
import { up as foldStoredTags } from '../src/db/migrations/20261128-0018-tag-case.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

async function tagsOf(seq: number) {
  const row = await lib.db
    .selectFrom('files')
    .select('tags')
    .where('seq', '=', seq)
    .executeTakeFirstOrThrow();
  const indexed = await lib.db.selectFrom('file_tags').select('tag').where('file_seq', '=', seq).execute();
  return { listed: JSON.parse(row.tags) as string[], indexed: indexed.map((r) => r.tag).sort() };
}

async function suggestions(prefix: string) {
  const r = await call<TagSearchResponse>(lib.app, '/api/file/tag/search', { prefix });
  expect(r.status).toBe(200);
  return r.body.tags;
}

describe('tags that differ only in letter case are one tag', () => {
  it('a new file takes the spelling the library already uses, and repeats within a file go', async () => {
    await buildFile(lib.db, { tags: ['Disinflation'] });
    await buildFile(lib.db, { tags: ['Disinflation'] });
    const later = await buildFile(lib.db, { tags: ['disinflation', 'DISINFLATION', 'Rates'] });
    expect(await tagsOf(later.seq)).toEqual({
      listed: ['Disinflation', 'Rates'],
      indexed: ['Disinflation', 'Rates'],
    });
    expect(await suggestions('disinfl')).toEqual([{ tag: 'Disinflation', file_count: 3 }]);
  });

  it('what was stored before is folded to the spelling most files use, in both places', async () => {
    const a = await buildFile(lib.db, { tags: ['Stagflation'] });
    const b = await buildFile(lib.db, { tags: ['Stagflation'] });
    const odd = await buildFile(lib.db, { tags: ['Credit'] });
    const both = await buildFile(lib.db, { tags: ['Credit'] });
    // As stored before the folding: written past saveMeta.
    await lib.db.insertInto('file_tags').values({ tag: 'stagflation', file_seq: odd.seq }).execute();
    await lib.db
      .updateTable('files')
      .set({ tags: '["Credit","stagflation"]' })
      .where('seq', '=', odd.seq)
      .execute();
    await lib.db
      .insertInto('file_tags')
      .values([
        { tag: 'stagflation', file_seq: both.seq },
        { tag: 'Stagflation', file_seq: both.seq },
      ])
      .execute();
    await lib.db
      .updateTable('files')
      .set({ tags: '["Credit","stagflation","Stagflation"]' })
      .where('seq', '=', both.seq)
      .execute();
    expect((await suggestions('stag')).length).toBe(2);

    await foldStoredTags(lib.db as unknown as Kysely<unknown>);

    expect(await suggestions('stag')).toEqual([{ tag: 'Stagflation', file_count: 4 }]);
    expect(await tagsOf(odd.seq)).toEqual({
      listed: ['Credit', 'Stagflation'],
      indexed: ['Credit', 'Stagflation'],
    });
    expect(await tagsOf(both.seq)).toEqual({
      listed: ['Credit', 'Stagflation'],
      indexed: ['Credit', 'Stagflation'],
    });
    expect(await tagsOf(a.seq)).toEqual({ listed: ['Stagflation'], indexed: ['Stagflation'] });
    expect(await tagsOf(b.seq)).toEqual({ listed: ['Stagflation'], indexed: ['Stagflation'] });
    // A second run changes nothing.
    await foldStoredTags(lib.db as unknown as Kysely<unknown>);
    expect(await suggestions('stag')).toEqual([{ tag: 'Stagflation', file_count: 4 }]);
  });
});
