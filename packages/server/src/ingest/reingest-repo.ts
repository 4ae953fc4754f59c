import { sql } from 'kysely';
import type { ReingestProgress } from '@rl/contract';
import type { Db } from '../db/database.js';
import { lockForTransaction, notifyChannel } from '../db/dialect.js';
import { transactionOf } from '../db/transaction-of.js';
import { JOBS_CHANNEL } from '../jobs/jobs-repo.js';
import { createFilesRepo } from '../modules/files/repo.js';
import { reindexFile } from '../modules/search/reindex.js';
import { createSearchRepo } from '../modules/search/repo.js';
import { createSummaryRepo } from '../modules/summary/repo.js';
import { keepCorrections } from './corrections.js';
import type { ReportReading } from './ingest-job.js';
import { READING_VERSION } from './reading-version.js';

export const REINGEST_JOB = 'reingest';
/** Below every other job (default 0): uploads and summaries due are claimed first. */
export const REINGEST_PRIORITY = -10;
/** A long walk meets more passing failures (a store briefly away) than one file's job. */
const REINGEST_MAX_ATTEMPTS = 10;

/** The walk's cursor is its step: `after:<seq>`, the last file it finished; recorded after each batch. */
const STEP_PREFIX = 'after:';
export const reingestStep = (afterSeq: number): string => `${STEP_PREFIX}${afterSeq}`;
/** The seq a step names; null for a step that is not the walk's. */
export function cursorOf(step: string): number | null {
  if (!step.startsWith(STEP_PREFIX)) return null;
  const n = Number(step.slice(STEP_PREFIX.length));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

export interface ReingestPayload {
  /** Every ready file, not only those an older reading read. */
  all: boolean;
}

const inTransaction = (trx: Db) => ({
  trx,
  files: createFilesRepo(trx),
  search: createSearchRepo(trx),
  summaries: createSummaryRepo(trx),
});

/** What re-ingestion reads and writes: the walk's batches, each file's new reading, its progress. */
export function createReingestRepo(db: Db) {
  const transaction = transactionOf(db, inTransaction);
  const active = sql`SELECT 1 FROM jobs WHERE type = ${REINGEST_JOB} AND state IN ('queued', 'running')`;

  /**
   * Queues the walk unless one is queued or running (and, with `onlyIf`, unless that condition
   * fails). One INSERT … WHERE NOT EXISTS, under a lock on PostgreSQL (whose READ COMMITTED would
   * let two concurrent inserts both pass), so processes starting together queue one walk.
   */
  async function enqueue(payload: ReingestPayload, now: string, onlyIf = sql`1 = 1`): Promise<boolean> {
    return transaction(async ({ trx }) => {
      await lockForTransaction(trx, REINGEST_JOB);
      const r = await sql`INSERT INTO jobs
          (type, payload, state, step, attempts, max_attempts, priority, run_after, created_at, updated_at)
        SELECT ${REINGEST_JOB}, ${JSON.stringify(payload)}, 'queued', ${reingestStep(0)}, 0,
          ${REINGEST_MAX_ATTEMPTS}, ${REINGEST_PRIORITY}, ${now}, ${now}, ${now}
        WHERE NOT EXISTS (${active}) AND ${onlyIf}`.execute(trx);
      const queued = Number(r.numAffectedRows ?? 0n) > 0;
      if (queued) await notifyChannel(trx, JOBS_CHANNEL);
      return queued;
    });
  }

  return {
    /** Queues a walk of the library unless one is queued or running; answers whether it queued one. */
    start: (all: boolean, now: string): Promise<boolean> => enqueue({ all }, now),

    /** Queues a walk when a ready file was read by an older reading (run at start). */
    startIfOutdated: (now: string): Promise<boolean> =>
      enqueue(
        { all: false },
        now,
        sql`EXISTS (SELECT 1 FROM files WHERE status = 'ready' AND reading_version < ${READING_VERSION})`,
      ),

    /** The next ready files after `afterSeq` to read again, in seq order: all, or those an older reading read. */
    async nextBatch(afterSeq: number, limit: number, all: boolean): Promise<number[]> {
      let q = db
        .selectFrom('files')
        .select('seq')
        .where('seq', '>', afterSeq)
        .where('status', '=', 'ready')
        .orderBy('seq')
        .limit(limit);
      if (!all) q = q.where('reading_version', '<', READING_VERSION);
      return (await q.execute()).map((r) => r.seq);
    },

    /**
     * Writes a file's new reading in one transaction: pages (when the text changed), metadata with
     * every corrected field kept, the current reading version, its search entry (replaced in the
     * same transaction: the file never leaves search) and, when the text changed, its summary
     * owed again. False when the file is gone or no longer ready (deleted, failed) meanwhile.
     */
    async saveReread(seq: number, reading: ReportReading, now: string): Promise<boolean> {
      return transaction(async ({ files, search, summaries }) => {
        // Written first, so the transaction holds the write lock before it reads the corrections.
        if (!(await files.touch(seq, now))) return false;
        const row = await files.bySeq(seq);
        if (!row || row.status !== 'ready') return false;
        const meta = keepCorrections(reading.meta, row);
        const before = await files.pages(seq);
        const textChanged = JSON.stringify(before) !== JSON.stringify(reading.pages);
        if (textChanged) await files.savePages(seq, reading.pages);
        await files.saveMeta(
          seq,
          { ...meta, reading_version: READING_VERSION },
          JSON.parse(meta.tags) as string[],
          now,
        );
        await reindexFile({ search, files }, { ...row, ...meta });
        if (textChanged) await summaries.enqueue(seq, now);
        return true;
      });
    },

    /**
     * A ready file the current reading cannot read: it keeps what an older one read, counted as
     * read, and its search entry is written again from its stored pages (the index's folding may
     * have changed with the version).
     */
    async keepOlderReading(seq: number): Promise<void> {
      await transaction(async ({ trx, files, search }) => {
        const r = await trx
          .updateTable('files')
          .set({ reading_version: READING_VERSION })
          .where('seq', '=', seq)
          .where('status', '=', 'ready')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return;
        const row = await files.bySeq(seq);
        if (row) await reindexFile({ search, files }, row);
      });
    },

    /** The walk under way (if any) and how far it got; ready files by reading version. */
    async progress(): Promise<ReingestProgress> {
      const counts = await db
        .selectFrom('files')
        .where('status', '=', 'ready')
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
        .where('type', '=', REINGEST_JOB)
        .where('state', 'in', ['queued', 'running'])
        .orderBy('id')
        .executeTakeFirst();
      const base = { total, outdated, reading_version: READING_VERSION };
      if (!job) return { ...base, running: false, done: total - outdated };
      const walked = await db
        .selectFrom('files')
        .where('status', '=', 'ready')
        .where('seq', '<=', cursorOf(job.step) ?? 0)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { ...base, running: true, done: Number(walked.n) };
    },
  };
}
export type ReingestRepo = ReturnType<typeof createReingestRepo>;
