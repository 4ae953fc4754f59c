import { DMCA_OPEN_STATUSES, type FileDmcaState } from '@rl/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsKeyword } from '../../db/like.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { DownloadsTable } from '../../db/schema.js';
import type { FileRow } from '../files/presenter.js';
import { takedownsOf } from '../dmca/takedown.js';
import { filesWhere } from '../files/visibility.js';

/** A file as the console sees it: the row, its owner's name, its open DMCA complaints. */
export type AdminFileRow = FileRow & { owner_username: string | null; dmca_open: number };

export interface AdminFileFilter {
  keyword?: string | undefined;
  status?: FileRow['status'] | undefined;
  visibility?: FileRow['visibility'] | undefined;
  uploader?: string | undefined;
  dmca?: FileDmcaState | undefined;
}
export type AdminFileSort = 'upload_time' | 'publish_date' | 'title' | 'size_bytes' | 'views';

/** SQL of the console's files: every file, whatever its state, visibility or DMCA mark. */
export function createAdminFilesRepo(db: Db) {
  const openComplaints = sql<number>`(SELECT count(*) FROM dmca_complaints d
    WHERE d.file_id = f.id AND d.status IN (${sql.join([...DMCA_OPEN_STATUSES])}))`;
  const from = () => db.selectFrom('files as f').leftJoin('users as u', 'u.id', 'f.owner_id');
  const withOwner = (q: ReturnType<typeof from>) =>
    q.selectAll('f').select(['u.username as owner_username', openComplaints.as('dmca_open')]);

  const filtered = (filter: AdminFileFilter) => {
    let q = from();
    const { keyword } = filter;
    if (keyword) {
      q = q.where((eb) =>
        eb.or([
          containsKeyword(eb, ['f.title', 'f.file_name', 'f.issuer'], keyword),
          eb('f.id', '=', keyword),
        ]),
      );
    }
    if (filter.status) q = q.where('f.status', '=', filter.status);
    if (filter.visibility) q = q.where(filesWhere('f')[filter.visibility]);
    if (filter.uploader) {
      const who = filter.uploader;
      // users.username compares ignoring case (NOCASE, citext): the name matches whatever its case.
      q = q.where((eb) =>
        eb.or([eb('f.owner_id', '=', who), eb('u.username', '=', who), eb('f.upload_user', '=', who)]),
      );
    }
    if (filter.dmca === 'taken_down') q = q.where(filesWhere('f').takenDown);
    if (filter.dmca === 'open') q = q.where(sql<boolean>`${openComplaints} > 0`);
    if (filter.dmca === 'none')
      q = q.where(sql<boolean>`NOT ${filesWhere('f').takenDown}`).where(sql<boolean>`${openComplaints} = 0`);
    return q;
  };

  const downloadCount = async (fileId: string): Promise<number> => {
    const r = await db
      .selectFrom('downloads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };

  return {
    downloadCount,
    /** What keeps each taken-down file of `rows` down (the complaints and their counter-notices). */
    takedowns: (rows: readonly FileRow[]) => takedownsOf(db, rows),
    /** Files matching the filter in the order asked (ties: newest row first), and how many match. */
    page(
      filter: AdminFileFilter,
      sort: { by: AdminFileSort; order: 'asc' | 'desc' },
      window: PageWindow,
    ): Promise<Page<AdminFileRow>> {
      return pageOf(
        filtered(filter),
        (m) => withOwner(m).orderBy(`f.${sort.by}`, sort.order).orderBy('f.seq', sort.order),
        window,
      );
    },
    byId: (id: string): Promise<AdminFileRow | undefined> =>
      withOwner(from()).where('f.id', '=', id).executeTakeFirst(),
    /** Bumps updated_time and answers the row: the transaction's first write, before it reads. */
    touch: (id: string, now: string): Promise<FileRow | undefined> =>
      db
        .updateTable('files')
        .set({ updated_time: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** When an administrator confirmed the file's research data (null: a claim again). */
    async confirmResearch(seq: number, at: string | null): Promise<void> {
      await db.updateTable('files').set({ research_confirmed_at: at }).where('seq', '=', seq).execute();
    },
    async setVisibility(seq: number, visibility: FileRow['visibility'], now: string): Promise<void> {
      await db.updateTable('files').set({ visibility, updated_time: now }).where('seq', '=', seq).execute();
    },
    /**
     * Deletes a file row (pages, tags, stars and collection entries go with it by foreign key) and
     * answers the row as it was. Its index entries (the search's unindex) and the stored bytes are
     * the caller's, in the same unit of work.
     */
    dropFile: (id: string): Promise<FileRow | undefined> =>
      db.deleteFrom('files').where('id', '=', id).returningAll().executeTakeFirst(),
    /** The state recorded when the file was deleted through the console (for a repeated delete). */
    async deletedBefore(id: string): Promise<{ sha256?: unknown } | null> {
      const r = await db
        .selectFrom('admin_audit')
        .select('before_json')
        .where('target_id', '=', id)
        .where('action', '=', 'file.delete')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!r) return null;
      return r.before_json ? (JSON.parse(r.before_json) as { sha256?: unknown }) : {};
    },
    /** Downloads of a file, newest first. */
    downloads(fileId: string, window: PageWindow): Promise<Page<Selectable<DownloadsTable>>> {
      return pageOf(
        db.selectFrom('downloads').where('file_id', '=', fileId),
        (m) => m.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        window,
      );
    },
  };
}

export type AdminFilesRepo = ReturnType<typeof createAdminFilesRepo>;
