import SQLite from 'better-sqlite3';
import { unitOfWork } from '../../db/unit-of-work.js';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createSearchRepo } from '../../modules/search/repo.js';
import { createSearchService } from '../../modules/search/service.js';
import type { Db } from '../../db/database.js';
import { identityHighWater, tablesOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { countRows } from './count-rows.js';
import type { TableName } from './tables.js';
import { filesWhere } from '../../modules/files/visibility.js';

/**
 * The library being copied, opened read-only: a server may be running on it. Everything is read
 * in one read transaction, so the copy is one consistent snapshot however long it takes (WAL
 * lets the server keep writing meanwhile).
 */
export function openCopySource(path: string) {
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    /** One read transaction over the whole copy: every table as it was at one moment. */
    snapshot: unitOfWork(db, snapshotOf),
    close: () => db.destroy(),
  };
}
export type CopySource = ReturnType<typeof openCopySource>;

export type Row = Record<string, unknown>;

function snapshotOf(db: Db) {
  return {
    /** The library's search over the snapshot (verification compares it with the target's). */
    search: createSearchService(createSearchRepo(db)),
    tables: () => tablesOf(db),
    async migrations(): Promise<string[]> {
      const r = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
      return r.rows.map((m) => m.name);
    },
    /** The rows of a table, streamed (a table may not fit in memory). */
    rows: (table: TableName, columns: string[]): AsyncIterable<Row> =>
      (db as unknown as Kysely<Record<string, Row>>).selectFrom(table).select(columns).stream(),
    count: (table: TableName) => countRows(db, table),
    highWater: (table: TableName, column: string) => identityHighWater(db, table, column),
    /** Every stored PDF a row refers to: the files and their finished translations. */
    async blobs(): Promise<string[]> {
      const r = await sql<{ sha256: string }>`SELECT sha256 FROM files
        UNION SELECT blob_sha256 FROM file_translations WHERE blob_sha256 IS NOT NULL`.execute(db);
      return r.rows.map((b) => b.sha256);
    },
    /** Titles of up to `n` random searchable files, for sample searches. */
    async sampleTitles(n: number): Promise<string[]> {
      const r = await db
        .selectFrom('files')
        .select('title')
        .where(filesWhere('files').inLibrary)
        .orderBy(sql`random()`)
        .limit(n)
        .execute();
      return r.map((f) => f.title);
    },
    /** A user with a ready private upload (their searches include it), if any. */
    async privateOwner(): Promise<string | null> {
      const r = await db
        .selectFrom('files')
        .select('owner_id')
        .where(filesWhere('files').ownPrivateOfAnyone)
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      return r?.owner_id ?? null;
    },
  };
}
export type SourceSnapshot = ReturnType<typeof snapshotOf>;
