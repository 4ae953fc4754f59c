import { sql } from 'kysely';
import type { ReingestProgress } from '@rl/contract';
import type { Db } from '../db/database.js';
import { READING_VERSION } from '../pdf/reading-version.js';
import { filesWhere } from '../modules/files/visibility.js';
import type { JobName } from '../jobs/job-list.js';

const REINGEST: JobName = 'reingest';

/** The walk's cursor is its step: `after:<seq>`, the last file it finished; recorded after each batch. */
const STEP_PREFIX = 'after:';
export const reingestStep = (afterSeq: number): string => `${STEP_PREFIX}${afterSeq}`;
/** The seq a step names; null for a step that is not the walk's. */
export function cursorOf(step: string): number | null {
  if (!step.startsWith(STEP_PREFIX)) return null;
  const n = Number(step.slice(STEP_PREFIX.length));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** What re-ingestion reads: whether a walk is owed, the walk's batches, its progress. */
export function createReingestRepo(db: Db) {
  return {
    /** A ready file was read by an older reading (checked at start: a walk is then queued). */
    async anyOutdated(): Promise<boolean> {
      const r = await db
        .selectFrom('files')
        .select('seq')
        .where(filesWhere('files').ready)
        .where('reading_version', '<', READING_VERSION)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** The next ready files after `afterSeq` to read again, in seq order: all, or those an older reading read. */
    async nextBatch(afterSeq: number, limit: number, all: boolean): Promise<number[]> {
      let q = db
        .selectFrom('files')
        .select('seq')
        .where('seq', '>', afterSeq)
        .where(filesWhere('files').ready)
        .orderBy('seq')
        .limit(limit);
      if (!all) q = q.where('reading_version', '<', READING_VERSION);
      return (await q.execute()).map((r) => r.seq);
    },

    /** Counts a ready file as read by the current reading; false when it is no longer ready. */
    async markCurrent(seq: number): Promise<boolean> {
      const r = await db
        .updateTable('files')
        .set({ reading_version: READING_VERSION })
        .where('seq', '=', seq)
        .where(filesWhere('files').ready)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The walk under way (if any) and how far it got; ready files by reading version. */
    async progress(): Promise<ReingestProgress> {
      const counts = await db
        .selectFrom('files')
        .where(filesWhere('files').ready)
        .select([
          (eb) => eb.fn.countAll<number>().as('total'),
          sql<number | null>`sum(CASE WHEN reading_version < ${READING_VERSION} THEN 1 ELSE 0 END)`.as(
            'outdated',
          ),
        ])
        .executeTakeFirstOrThrow();
      const total = Number(counts.total);
      const outdated = Number(counts.outdated ?? 0);
      const job = await db
        .selectFrom('jobs')
        .select('step')
        .where('type', '=', REINGEST)
        .where('state', 'in', ['queued', 'running'])
        .orderBy('id')
        .executeTakeFirst();
      const base = { total, outdated, reading_version: READING_VERSION };
      if (!job) return { ...base, running: false, done: total - outdated };
      const walked = await db
        .selectFrom('files')
        .where(filesWhere('files').ready)
        .where('seq', '<=', cursorOf(job.step) ?? 0)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...base, running: true, done: Number(walked.n) };
    },
  };
}
export type ReingestRepo = ReturnType<typeof createReingestRepo>;
