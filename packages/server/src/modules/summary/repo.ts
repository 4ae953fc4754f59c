import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { databaseTimeIso, jsonInteger, lockForTransaction } from '../../db/dialect.js';
import type { Summaries } from './prompt.js';
import { filesWhere } from '../files/visibility.js';

import type { JobName } from '../../jobs/job-list.js';

const SUMMARISE: JobName = 'summarise';

const live = (updated: { numUpdatedRows: bigint }) => updated.numUpdatedRows > 0n;

/** The summaries on the files rows, their jobs, and the claims of summaries written on request. */
export function createSummaryRepo(db: Db) {
  /** The run of `runner` on the file, while its claim lasts. */
  const held = (seq: number, runner: string) =>
    db
      .updateTable('files')
      .where('seq', '=', seq)
      .where('summary_run_by', '=', runner)
      .where('summary_run_until', '>=', databaseTimeIso(db));

  return {
    /** Writes a file's summaries, with summarised_at; nothing when the file was deleted meanwhile. */
    async store(seq: number, s: Summaries, now: string): Promise<void> {
      await db
        .updateTable('files')
        .set({
          summary: s.standard,
          summary_compact: s.compact,
          summary_kind: s.kind,
          multi_language_summary: JSON.stringify(s.translations),
          summarised_at: now,
        })
        .where('seq', '=', seq)
        .execute();
    },

    /**
     * Claims the summarising of a file never summarised for `runner` for `forMs` (the database's
     * clock): only while no live claim holds it. One conditional UPDATE, so of callers on any
     * instance one runs; false when another runs it or the file is summarised (or gone).
     */
    async claimRun(seq: number, runner: string, forMs: number): Promise<boolean> {
      const r = await db
        .updateTable('files')
        .set({ summary_run_by: runner, summary_run_until: databaseTimeIso(db, forMs) })
        .where('seq', '=', seq)
        .where('summarised_at', 'is', null)
        .where((eb) =>
          eb.or([eb('summary_run_until', 'is', null), eb('summary_run_until', '<', databaseTimeIso(db))]),
        )
        .executeTakeFirst();
      return live(r);
    },
    /** Extends a run's claim; false when it ran out and may be another caller's now. */
    async renewRun(seq: number, runner: string, forMs: number): Promise<boolean> {
      return live(
        await held(seq, runner)
          .set({ summary_run_until: databaseTimeIso(db, forMs) })
          .executeTakeFirst(),
      );
    },
    async releaseRun(seq: number, runner: string): Promise<void> {
      await db
        .updateTable('files')
        .set({ summary_run_by: null, summary_run_until: null })
        .where('seq', '=', seq)
        .where('summary_run_by', '=', runner)
        .execute();
    },
    /** Whether a live claim holds the file's summarising (someone is writing it now). */
    async runLive(seq: number): Promise<boolean> {
      const r = await db
        .selectFrom('files')
        .select('seq')
        .where('seq', '=', seq)
        .where('summary_run_until', '>=', databaseTimeIso(db))
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Serialises the queuing of owed summaries until the unit of work commits (several processes start at once). */
    lockOwed: () => lockForTransaction(db, 'summaries-owed'),

    /** Ready files never summarised that have no summarise job queued or running. */
    async owed(): Promise<number[]> {
      const rows = await sql<{ seq: number }>`SELECT f.seq FROM files f
        WHERE ${filesWhere().ready} AND f.summarised_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.type = ${SUMMARISE}
            AND j.state IN ('queued', 'running') AND ${jsonInteger(db, sql.ref('j.payload'), 'file_seq')} = f.seq)
        ORDER BY f.seq`.execute(db);
      return rows.rows.map((r) => r.seq);
    },
  };
}
export type SummaryRepo = ReturnType<typeof createSummaryRepo>;
