import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import { containsKeyword } from '../../db/like.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { Database, DmcaComplaintsTable, DmcaCounterNoticesTable } from '../../db/schema.js';
import type { FileRow } from '../files/presenter.js';
import type { FileReference } from './identify-file.js';
import { latestCounterNotices, type CounterNoticeRow } from './takedown.js';
import { filesWhere } from '../files/visibility.js';

export type DmcaRow = Selectable<DmcaComplaintsTable>;
/** A complaint with the linked file's title and take-down time (null when unlinked or deleted). */
export type DmcaListRow = DmcaRow & { file_title: string | null; file_taken_down_at: string | null };
export type DmcaStatusValue = DmcaRow['status'];

export interface DmcaFilter {
  status?: DmcaStatusValue | undefined;
  keyword?: string | undefined;
  file_id?: string | undefined;
}

/** Complaints: stored, found (by id, by filter) and locked. */
function complaintQueries(db: Kysely<Database>) {
  const withFile = () =>
    db
      .selectFrom('dmca_complaints as d')
      .leftJoin('files as f', 'f.id', 'd.file_id')
      .selectAll('d')
      .select(['f.title as file_title', 'f.taken_down_at as file_taken_down_at']);

  return {
    async insert(row: Insertable<DmcaComplaintsTable>): Promise<void> {
      await db.insertInto('dmca_complaints').values(row).execute();
    },

    byId: (id: string): Promise<DmcaListRow | undefined> =>
      withFile().where('d.id', '=', id).executeTakeFirst(),

    /**
     * Up to two public files an id of `ref` names, or else whose file name or title is one of its
     * names: a complaint is linked only when exactly one answers.
     */
    async filesReferenced(ref: FileReference): Promise<string[]> {
      const byId = ref.ids.length
        ? await db
            .selectFrom('files')
            .select('id')
            .where(filesWhere('files').public)
            .where('id', 'in', ref.ids)
            .limit(2)
            .execute()
        : [];
      if (byId.length || !ref.names.length) return byId.map((r) => r.id);
      const byName = await db
        .selectFrom('files')
        .select('id')
        .where(filesWhere('files').public)
        .where((eb) => eb.or([eb('file_name', 'in', ref.names), eb('title', 'in', ref.names)]))
        .limit(2)
        .execute();
      return byName.map((r) => r.id);
    },

    /** In a transaction: another edit of the complaint waits until this one ends. */
    async lock(id: string): Promise<void> {
      await forUpdate(db, db.selectFrom('dmca_complaints').select('id').where('id', '=', id)).execute();
    },

    /** Matching complaints, newest first, and how many match in all. */
    page(filter: DmcaFilter, window: PageWindow): Promise<Page<DmcaListRow>> {
      let q = db.selectFrom('dmca_complaints as d');
      if (filter.status) q = q.where('d.status', '=', filter.status);
      if (filter.file_id) q = q.where('d.file_id', '=', filter.file_id);
      const { keyword } = filter;
      if (keyword)
        q = q.where((eb) =>
          containsKeyword(
            eb,
            ['d.first_name', 'd.last_name', 'd.email', 'd.copyright_holder', 'd.filename', 'd.file_id'],
            keyword,
          ),
        );
      return pageOf(
        q,
        (m) =>
          withFile()
            .where('d.id', 'in', m.select('d.id'))
            .orderBy('d.created_at', 'desc')
            .orderBy('d.id', 'desc'),
        window,
      );
    },
  };
}

/** Counter-notices: the latest of each complaint, stored, locked and decided. */
function counterNoticeQueries(db: Kysely<Database>) {
  return {
    /** The newest counter-notice of each complaint named. */
    counterNoticesOf: (complaintIds: readonly string[]): Promise<Map<string, CounterNoticeRow>> =>
      latestCounterNotices(db, complaintIds),

    async insertCounterNotice(row: Insertable<DmcaCounterNoticesTable>): Promise<void> {
      await db.insertInto('dmca_counter_notices').values(row).execute();
    },

    /** The counter-notice, locked until the transaction ends (its decision follows this row). */
    lockedCounterNotice: (id: string): Promise<Selectable<DmcaCounterNoticesTable> | undefined> =>
      forUpdate(
        db,
        db.selectFrom('dmca_counter_notices').selectAll().where('id', '=', id),
      ).executeTakeFirst(),

    async updateCounterNotice(
      id: string,
      patch: Pick<Selectable<DmcaCounterNoticesTable>, 'status' | 'notes' | 'handled_by' | 'updated_at'>,
    ): Promise<void> {
      await db.updateTable('dmca_counter_notices').set(patch).where('id', '=', id).execute();
    },
  };
}

/**
 * A decision on a complaint: the complaint changed, and the file it is about found, locked, its
 * complaints counted, its take-down mark set.
 */
function decisionQueries(db: Kysely<Database>) {
  return {
    async update(
      id: string,
      patch: Pick<DmcaRow, 'status' | 'notes' | 'file_id' | 'handled_by' | 'updated_at'>,
    ): Promise<void> {
      await db.updateTable('dmca_complaints').set(patch).where('id', '=', id).execute();
    },

    /** The file, or undefined when no such file exists. */
    file: (fileId: string): Promise<FileRow | undefined> =>
      db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst(),
    /** The file, locked until the transaction ends (its take-down and index follow this row). */
    lockedFile: (fileId: string): Promise<FileRow | undefined> =>
      forUpdate(db, db.selectFrom('files').selectAll().where('id', '=', fileId)).executeTakeFirst(),

    /** Complaints about the file in one of `statuses`. */
    async countOnFile(fileId: string, statuses: readonly DmcaStatusValue[]): Promise<number> {
      const r = await db
        .selectFrom('dmca_complaints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('file_id', '=', fileId)
        .where('status', 'in', statuses)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** Sets or clears the take-down mark (not a change of the file itself: updated_time stays). */
    async setTakenDown(fileId: string, at: string | null): Promise<void> {
      await db.updateTable('files').set({ taken_down_at: at }).where('id', '=', fileId).execute();
    },
  };
}

/**
 * SQL of DMCA complaints, their counter-notices and the take-down mark on files (the file's index
 * entries and the audit rows are their repositories', in the same unit of work).
 */
export function createDmcaRepo(db: Db) {
  return {
    ...complaintQueries(db),
    ...counterNoticeQueries(db),
    ...decisionQueries(db),
  };
}
export type DmcaRepo = ReturnType<typeof createDmcaRepo>;
