import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

/**
 * SQLite gets PostgreSQL's search_generation (20261124-0010): one row every write to the
 * full-text tables bumps in its transaction. SQLite's own change counters, which keyed cached
 * counts before, move with every write anywhere (a quota, a view, a job's lease), so cached counts
 * and pages were thrown away many times a second under ordinary use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`CREATE TABLE search_generation (id integer PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO search_generation (id, n) VALUES (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DROP TABLE search_generation`.execute(db);
}
