import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../src/db/dialect.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/*
 * A research filter sorted by date walks its own index on PostgreSQL only when the index puts
 * undated reports first, as the listing's does; built otherwise the planner walks the whole
 * library's date index and filters (benchmarks.md, "Searching by research data").
 */
let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

describe('the research filters’ date indexes', () => {
  it('put reports without a date first on PostgreSQL, like the listing’s', async () => {
    if (!isPostgres(lib.db)) return;
    const r = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'files' AND indexname IN ('files_rating', 'files_rating_action', 'files_report_type',
        'files_sector', 'files_listing') AND schemaname = current_schema()`.execute(lib.db);
    expect(r.rows.map((i) => i.indexname).sort()).toEqual([
      'files_listing',
      'files_rating',
      'files_rating_action',
      'files_report_type',
      'files_sector',
    ]);
    for (const index of r.rows) expect(index.indexdef, index.indexname).toContain('publish_date NULLS FIRST');
  });
});

describe('the champion lists and the full-text table', () => {
  it('are vacuumed after every 1 % of new rows on PostgreSQL, so their pages stay marked all-visible', async () => {
    if (!isPostgres(lib.db)) return;
    const r = await sql<{ relname: string; reloptions: string[] | null }>`
      SELECT c.relname, c.reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname IN ('term_impacts', 'files_fts')`.execute(lib.db);
    expect(r.rows.map((t) => [t.relname, t.reloptions]).sort()).toEqual([
      ['files_fts', ['autovacuum_vacuum_insert_scale_factor=0.01']],
      ['term_impacts', ['autovacuum_vacuum_insert_scale_factor=0.01']],
    ]);
  });
});
