import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * PostgreSQL only (SQLite keys its search counts on the database's own change counters):
 * - search_generation, one row every write to the full-text tables bumps in its transaction, so
 *   that every instance can tell with one lookup whether a cached count still holds;
 * - the champion lists' terms compared byte by byte ("C"), as on SQLite, so that a typed prefix
 *   reads one range of the primary key whatever the database's locale;
 * - the date indexes of the listing and the filters with reports without a date first, so that
 *   one index serves both date orders with SQLite's placement of them (first when ascending,
 *   last when descending; PostgreSQL's default is the opposite).
 */
const DATE_INDEXES: [string, string][] = [
  ['files_listing', 'status, visibility'],
  ['files_asset_class', 'asset_class'],
  ['files_country', 'country'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`CREATE TABLE search_generation (id integer PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO search_generation (id, n) VALUES (1, 0)`.execute(db);
  for (const table of ['term_impacts', 'impact_terms'])
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN term TYPE text COLLATE "C"`.execute(db);
  for (const [name, leading] of DATE_INDEXES) {
    await sql`DROP INDEX ${sql.table(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.table(name)} ON files (${sql.raw(leading)}, publish_date NULLS FIRST)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, leading] of DATE_INDEXES) {
    await sql`DROP INDEX ${sql.table(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.table(name)} ON files (${sql.raw(leading)}, publish_date)`.execute(db);
  }
  for (const table of ['term_impacts', 'impact_terms'])
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN term TYPE text COLLATE "default"`.execute(db);
  await sql`DROP TABLE search_generation`.execute(db);
}
