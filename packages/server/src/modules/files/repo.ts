import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FilesTable } from '../../db/schema.js';
import type { FileRow } from './presenter.js';
import { companyRows, noteRating, type CompanyRow } from './research-rows.js';
import { foldTagCase, usualSpellings } from './tag-case.js';

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
>;

/** What a user's uploads may hold: at most this many files and bytes. */
export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
  /** The chunked upload (its session id) this file completes: the room it kept becomes the file's. */
  completing?: string;
}

/**
 * The uploads a user holds, over `files`: every upload whatever its state (processing, ready,
 * failed, taken down), since each keeps its bytes stored until its owner deletes it; so the plan
 * bounds what a user's uploads take on disk.
 */
export const heldUploadsSql = (ownerId: string) => sql`owner_id = ${ownerId} AND source = 'upload'`;

/**
 * The storage the files of a query take (`SELECT … FROM files WHERE …`): each file's PDF and the
 * text stored for it (text_bytes), since a small PDF can yield far more text than it weighs.
 */
export const heldBytesSql = sql<number>`coalesce(sum(size_bytes + text_bytes), 0)`;

/**
 * The room a user's uploads take at `now`: the files they hold (heldUploadsSql, heldBytesSql) and
 * the chunked uploads still open (upload_sessions), each counted as a file of its declared size
 * from init on, so an upload accepted at init finds its room at complete whatever came in
 * meanwhile. `except`: the session being completed, whose room the new file takes.
 */
export function uploadRoomSql(ownerId: string, now: string, except?: string) {
  const held = heldUploadsSql(ownerId);
  const open = sql`upload_sessions WHERE user_id = ${ownerId} AND expires_at > ${now}${
    except === undefined ? sql`` : sql` AND id <> ${except}`
  }`;
  return {
    files: sql<number>`((SELECT count(*) FROM files WHERE ${held}) + (SELECT count(*) FROM ${open}))`,
    bytes: sql<number>`((SELECT ${heldBytesSql} FROM files WHERE ${held})
      + (SELECT coalesce(sum(size_bytes), 0) FROM ${open}))`,
  };
}

/**
 * The lock key (lockForTransaction) of one user's uploads: inserting an upload and opening a
 * chunked upload take it, so the plan's checks of concurrent ones see each other.
 */
export const ownerUploadsLock = (ownerId: string): string => `upload:${ownerId}`;

/**
 * The lock key (lockForTransaction) of one content in the public library: inserting it and
 * publishing a copy of it take it, so the library never gets the same content twice at once.
 */
export const libraryContentLock = (sha256: string): string => `library:${sha256}`;

export function createFilesRepo(db: Db) {
  /** The queryable form of a note's research data (research-rows.ts), rewritten with it. */
  async function writeCompanies(seq: number, companies: CompanyRow[]): Promise<void> {
    await db.deleteFrom('file_companies').where('file_seq', '=', seq).execute();
    if (companies.length)
      await db
        .insertInto('file_companies')
        .values(companies.map((c) => ({ ...c, file_seq: seq })))
        .execute();
  }

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
    /**
     * Inserts a file unless its scope (the public library, or the owner's uploads) already holds
     * the same content, or, with `limits`, the owner would pass them (counting the room their open
     * chunked uploads keep: uploadRoomSql). One statement: the check sees every committed write
     * (serialise concurrent ones per scope: lockForTransaction). Answers the new seq, or null when
     * refused.
     */
    async insertUnlessHeld(f: NewFile, now: string, limits: UploadLimits | null): Promise<number | null> {
      const owner = f.owner_id;
      const sameScope = owner === null ? sql`owner_id IS NULL` : sql`owner_id = ${owner}`;
      const room = owner === null || !limits ? null : uploadRoomSql(owner, now, limits.completing);
      const within =
        limits && room
          ? sql`AND ${room.files} < ${limits.maxFiles} AND ${room.bytes} + ${f.size_bytes} <= ${limits.maxBytes}`
          : sql``;
      const r = await sql<{ seq: number }>`INSERT INTO files
          (id, sha256, file_name, file_type, size_bytes, status, visibility, owner_id, upload_user, source, upload_time, updated_time)
        SELECT ${f.id}, ${f.sha256}, ${f.file_name}, 'pdf', ${f.size_bytes}, 'processing', ${f.visibility},
          ${owner}, ${f.upload_user}, ${f.source}, ${now}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM files WHERE sha256 = ${f.sha256} AND ${sameScope} AND status != 'failed')
          ${within}
        RETURNING seq`.execute(db);
      return r.rows[0]?.seq ?? null;
    },
    /**
     * The room a user's uploads take at `now`, as files and bytes: those held and those their open
     * chunked uploads keep, but `exceptSession`'s (uploadRoomSql).
     */
    async uploadRoom(
      ownerId: string,
      now: string,
      exceptSession?: string,
    ): Promise<{ files: number; bytes: number }> {
      const room = uploadRoomSql(ownerId, now, exceptSession);
      const r = await sql<{ files: number; bytes: number }>`SELECT ${room.files} AS files,
        ${room.bytes} AS bytes`.execute(db);
      return { files: Number(r.rows[0]?.files ?? 0), bytes: Number(r.rows[0]?.bytes ?? 0) };
    },
    /** How many uploads a user holds and their bytes, text included (heldUploadsSql, heldBytesSql). */
    async heldUploads(ownerId: string): Promise<{ files: number; bytes: number }> {
      const r = await sql<{ files: number; bytes: number }>`SELECT count(*) AS files,
        ${heldBytesSql} AS bytes FROM files WHERE ${heldUploadsSql(ownerId)}`.execute(db);
      return { files: Number(r.rows[0]?.files ?? 0), bytes: Number(r.rows[0]?.bytes ?? 0) };
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
    /** Replaces a file's pages, and counts their bytes in its storage (text_bytes). */
    async savePages(seq: number, pages: string[]): Promise<void> {
      await db.deleteFrom('file_pages').where('file_seq', '=', seq).execute();
      const textBytes = pages.reduce((sum, text) => sum + Buffer.byteLength(text, 'utf8'), 0);
      await db.updateTable('files').set({ text_bytes: textBytes }).where('seq', '=', seq).execute();
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
    /**
     * `reading_version` is given by a reading (ingestion, re-ingestion), not by an edit. The tags
     * are stored in the library's usual letter case (foldTagCase), in both places they live.
     */
    async saveMeta(
      seq: number,
      meta: FileMetaUpdate & { reading_version?: number; corrected_fields?: string },
      given: string[],
      now: string,
    ): Promise<void> {
      const tags = foldTagCase(given, await usualSpellings(db, given, seq));
      const companies = companyRows(meta.stock_information);
      await db
        .updateTable('files')
        .set({ ...meta, ...noteRating(companies), tags: JSON.stringify(tags), updated_time: now })
        .where('seq', '=', seq)
        .execute();
      await db.deleteFrom('file_tags').where('file_seq', '=', seq).execute();
      if (tags.length)
        await db
          .insertInto('file_tags')
          .values(tags.map((tag) => ({ tag, file_seq: seq })))
          .execute();
      await writeCompanies(seq, companies);
    },
    /** Replaces a note's research data (companies and sector) alone, as the model's pass fills it. */
    async saveResearch(seq: number, stockInformation: string, sector: string | null): Promise<void> {
      const companies = companyRows(stockInformation);
      await db
        .updateTable('files')
        .set({ stock_information: stockInformation, sector, ...noteRating(companies) })
        .where('seq', '=', seq)
        .execute();
      await writeCompanies(seq, companies);
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
    /**
     * Counts a view of the ready file `seq` unless `viewer` was counted for it on `day`; answers
     * its views, undefined when it is not there (or not ready). The mark and the count land
     * together; of two requests at once, one counts.
     */
    async addView(seq: number, viewer: string, day: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .insertInto('file_view_days')
          .columns(['file_seq', 'viewer', 'day'])
          .expression(
            trx
              .selectFrom('files')
              .select(['seq', sql<string>`${viewer}`.as('viewer'), sql<string>`${day}`.as('day')])
              .where('seq', '=', seq)
              .where('status', '=', 'ready'),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        const counted = Number(marked.numInsertedOrUpdatedRows ?? 0n) > 0;
        const r = counted
          ? await trx
              .updateTable('files')
              .set({ views: sql`views + 1` })
              .where('seq', '=', seq)
              .returning('views')
              .executeTakeFirst()
          : await trx
              .selectFrom('files')
              .select('views')
              .where('seq', '=', seq)
              .where('status', '=', 'ready')
              .executeTakeFirst();
        return r?.views;
      });
    },
    /** Forgets who viewed files before `day` (YYYY-MM-DD): their views stay counted. */
    async forgetViewDaysBefore(day: string): Promise<void> {
      await db.deleteFrom('file_view_days').where('day', '<', day).execute();
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
