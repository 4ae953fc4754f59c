import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * PostgreSQL only: the champion lists (term_impacts) and the full-text table are vacuumed after
 * every 1 % of new rows, not PostgreSQL's default 20 %. Relevance reads the lists with index-only
 * scans, and the full-text counts with bitmap scans that skip the pages marked all-visible; a
 * page is marked by a VACUUM only. At the default, a library that had grown by a sixth since its
 * last vacuum read the table beside the index for every list entry on a new page: a two-word
 * search over 100,000 reports took 12 ms with 31 % of term_impacts unmarked, 4 ms with none
 * (benchmarks.md, "Fewer round trips, and a copy vacuumed for real"). Vacuuming an insert-only
 * table scans only its unmarked pages.
 */
const TABLES = ['term_impacts', 'files_fts'];
const INSERT_SCALE_FACTOR = 0.01;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`ALTER TABLE ${sql.table(table)} SET (autovacuum_vacuum_insert_scale_factor = ${sql.lit(INSERT_SCALE_FACTOR)})`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await sql`ALTER TABLE ${sql.table(table)} RESET (autovacuum_vacuum_insert_scale_factor)`.execute(db);
}
