import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import type { FileRow } from './presenter.js';

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
>;

export function createFilesRepo(db: Db) {
  return {
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
    async savePages(seq: number, pages: string[]): Promise<void> {
      await db.deleteFrom('file_pages').where('file_seq', '=', seq).execute();
      const rows = pages.map((text, i) => ({ file_seq: seq, page_no: i + 1, text }));
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto('file_pages')
          .values(rows.slice(i, i + 200))
          .execute();
    },
    async pages(seq: number): Promise<string[]> {
      const rows = await db
        .selectFrom('file_pages')
        .select('text')
        .where('file_seq', '=', seq)
        .orderBy('page_no')
        .execute();
      return rows.map((r) => r.text);
    },
    async saveMeta(seq: number, meta: FileMetaUpdate, tags: string[], now: string): Promise<void> {
      await db
        .updateTable('files')
        .set({ ...meta, updated_time: now })
        .where('seq', '=', seq)
        .execute();
      await db.deleteFrom('file_tags').where('file_seq', '=', seq).execute();
      if (tags.length)
        await db
          .insertInto('file_tags')
          .values(tags.map((tag) => ({ tag, file_seq: seq })))
          .execute();
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
    async addView(id: string): Promise<number | undefined> {
      const r = await db
        .updateTable('files')
        .set({ views: sql`views + 1` })
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .returning('views')
        .executeTakeFirst();
      return r?.views;
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
  };
}
export type FilesRepo = ReturnType<typeof createFilesRepo>;
