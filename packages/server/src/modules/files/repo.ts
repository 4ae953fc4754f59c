import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import type { FilesTable } from '../../db/schema.js';
import type { FileRow } from './presenter.js';
import { readingStore } from './reading-store.js';
import { ownerUploadsLock, uploadRoomQueries } from './upload-room.js';
import { viewCounts } from './view-counts.js';

export type NewFile = Pick<
  FilesTable,
  'id' | 'sha256' | 'file_name' | 'size_bytes' | 'visibility' | 'owner_id' | 'upload_user' | 'source'
>;

/** Metadata written once a file has been read. */
export type FileMetaUpdate = Pick<
  Selectable<FilesTable>,
  | 'title'
  | 'issuer'
  | 'authors'
  | 'tags'
  | 'keywords'
  | 'stock_information'
  | 'geographic_region'
  | 'publish_date'
  | 'asset_class'
  | 'country'
  | 'language'
  | 'page_count'
  | 'report_type'
  | 'author_registrations'
  | 'sector'
> &
  /** What a reading adds of an industry note; an edit leaves them as they are. */
  Partial<
    Pick<
      Selectable<FilesTable>,
      'industry_rating' | 'industry_rating_normalised' | 'industry_rating_action' | 'mentioned_companies'
    >
  > & {
    /** JSON: where the note's own facts were printed; left as stored when absent (an edit). */
    fact_sources?: string;
  };

/**
 * The lock key (lockForTransaction) of one content in the public library: inserting it and
 * publishing a copy of it take it, so the library never gets the same content twice at once.
 */
export const libraryContentLock = (sha256: string): string => `library:${sha256}`;

export function createFilesRepo(db: Db) {
  return {
    /**
     * Takes the lock of a new file's scope until the unit of work commits: its owner's uploads, or
     * (a library file) its content. PostgreSQL's READ COMMITTED would let two concurrent inserts
     * both see the old count; so the inserts of one owner, or of one content, run one at a time.
     */
    lockScope: (ownerId: string | null, sha256: string): Promise<void> =>
      lockForTransaction(db, ownerId ? ownerUploadsLock(ownerId) : libraryContentLock(sha256)),
    async byId(id: string): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async bySeq(seq: number): Promise<FileRow | undefined> {
      return db.selectFrom('files').selectAll().where('seq', '=', seq).executeTakeFirst();
    },
    /** A file of the same content in the same scope (the public library, or one owner's uploads). */
    async sameContent(sha256: string, ownerId: string | null): Promise<FileRow | undefined> {
      let q = db.selectFrom('files').selectAll().where('sha256', '=', sha256).where('status', '!=', 'failed');
      q = ownerId === null ? q.where('owner_id', 'is', null) : q.where('owner_id', '=', ownerId);
      return q.executeTakeFirst();
    },
    async insert(f: NewFile, now: string): Promise<number> {
      const r = await db
        .insertInto('files')
        .values({ ...f, file_type: 'pdf', status: 'processing', upload_time: now, updated_time: now })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return r.seq;
    },
    /** Some file row, or a file's translation, still refers to these bytes. */
    async shaInUse(sha256: string): Promise<boolean> {
      const r = await db.selectFrom('files').select('seq').where('sha256', '=', sha256).executeTakeFirst();
      if (r !== undefined) return true;
      const t = await db
        .selectFrom('file_translations')
        .select('file_seq')
        .where('blob_sha256', '=', sha256)
        .executeTakeFirst();
      return t !== undefined;
    },
    async setStatus(
      seq: number,
      status: FilesTable['status'],
      now: string,
      fail?: { code: string; reason: string },
    ) {
      await db
        .updateTable('files')
        .set({ status, updated_time: now, fail_code: fail?.code ?? null, fail_reason: fail?.reason ?? null })
        .where('seq', '=', seq)
        .execute();
    },
    /** Bumps updated_time; false when the row is gone. */
    async touch(seq: number, now: string): Promise<boolean> {
      const r = await db
        .updateTable('files')
        .set({ updated_time: now })
        .where('seq', '=', seq)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Marks a processing file ready and answers its visibility; undefined when the row is gone. */
    async markReady(seq: number, now: string): Promise<FilesTable['visibility'] | undefined> {
      const r = await db
        .updateTable('files')
        .set({ status: 'ready', updated_time: now, fail_code: null, fail_reason: null })
        .where('seq', '=', seq)
        .returning('visibility')
        .executeTakeFirst();
      return r?.visibility;
    },
    async countByStatus(): Promise<Record<FilesTable['status'], number>> {
      const rows = await db
        .selectFrom('files')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const out = { processing: 0, ready: 0, failed: 0 };
      for (const r of rows) out[r.status] = Number(r.n);
      return out;
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    ...uploadRoomQueries(db),
    ...viewCounts(db),
    ...readingStore(db),
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
