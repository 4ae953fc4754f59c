import { sql, type Kysely } from 'kysely';
import type { FileRow } from '../../modules/files/presenter.js';
import { createSearchRepo } from '../../modules/search/repo.js';
import { createSearchService } from '../../modules/search/service.js';
import { migrateToLatest, openDatabase, type Db } from '../../db/database.js';
import { continueIdentityAfter, emptyTables, isPostgres, tablesOf } from '../../db/dialect.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { countRows } from './count-rows.js';
import type { Row } from './source.js';
import {
  COPIED_TABLES,
  INDEX_TABLES,
  isBookkeepingTable,
  isSearchIndexTable,
  type TableName,
} from './tables.js';
import { filesWhere } from '../../modules/files/visibility.js';

/** The PostgreSQL database a library is copied into. */
export function openCopyTarget(url: string) {
  // Everything runs on one connection at a time; a second one for a check beside a transaction.
  const db = openDatabase({ kind: 'postgres', url, poolSize: 2 });
  return {
    /**
     * Its tables (before migrations: whatever is there) and the rows of each that holds data (the
     * migrations' bookkeeping and the search index's tables count 0: only data makes a library).
     */
    async contents(): Promise<{ name: string; rows: number }[]> {
      const out: { name: string; rows: number }[] = [];
      for (const { name } of await tablesOf(db)) {
        const data = !isBookkeepingTable(name) && !isSearchIndexTable(name);
        out.push({ name, rows: data ? await countRows(db, name) : 0 });
      }
      return out;
    },
    tables: () => tablesOf(db),
    migrate: () => migrateToLatest(db),
    async migrations(): Promise<string[]> {
      const r = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
      return r.rows.map((m) => m.name);
    },
    /** Runs `fn` in one transaction: the rows land whole, or (an error) not at all. */
    fill: unitOfWork(db, writerOf),
    /** Files the search index holds (ready, not taken down), by seq: up to `limit` after `afterSeq`. */
    indexable: (afterSeq: number, limit: number): Promise<FileRow[]> =>
      db
        .selectFrom('files')
        .selectAll()
        .where(filesWhere('files').indexable)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .execute(),
    /** The pages of files, by seq: read for a batch at once rather than a query per file. */
    async pagesOf(seqs: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>(seqs.map((seq) => [seq, []]));
      if (seqs.length === 0) return out;
      const rows = await db
        .selectFrom('file_pages')
        .select(['file_seq', 'text'])
        .where('file_seq', 'in', seqs)
        .orderBy('file_seq')
        .orderBy('page_no')
        .execute();
      for (const r of rows) out.get(r.file_seq)?.push(r.text);
      return out;
    },
    /** Runs `fn` in a transaction with the search repo that writes files' entries in it. */
    indexing: unitOfWork(db, (trx) => createSearchRepo(trx)),
    /**
     * Fresh planner statistics after the bulk load, for the checks' searches and the first users,
     * and on PostgreSQL the visibility map too: until a VACUUM marks the loaded pages, every
     * index-only scan of the champion lists reads the table as well (docs/operations.md, "Vacuum").
     */
    analyze: () =>
      sql`${sql.raw(isPostgres(db) ? 'VACUUM ANALYZE' : 'ANALYZE')}`.execute(db).then(() => undefined),
    count: (table: TableName) => countRows(db, table),
    /** The library's search over the copy (verification compares it with the source's). */
    search: createSearchService(createSearchRepo(db)),
    /** Takes out every row a copy wrote (the copied tables and the search index), ids restarted. */
    undo: () => emptyTables(db, [...COPIED_TABLES.map((t) => t.name), ...INDEX_TABLES]),
    close: () => db.destroy(),
  };
}
export type CopyTarget = ReturnType<typeof openCopyTarget>;

function writerOf(db: Db) {
  return {
    async insert(table: TableName, rows: Row[]): Promise<void> {
      await (db as unknown as Kysely<Record<string, Row>>).insertInto(table).values(rows).execute();
    },
    continueIdentityAfter: (table: TableName, column: string, after: number) =>
      continueIdentityAfter(db, table, column, after),
  };
}
export type TargetWriter = ReturnType<typeof writerOf>;
