import type { Db } from '../../db/database.js';
import { createFilesRepo } from '../files/repo.js';

export interface UsageKey {
  subject: string;
  type: string;
  period: string;
}

/**
 * Usage counters (per subject, type and period) and the files already counted in a period.
 * Uploads are not counted here: a user's uploads are the rows they hold (heldUploads).
 */
export function createUsageRepo(db: Db) {
  const files = createFilesRepo(db);
  return {
    heldUploads: (userId: string) => files.heldUploads(userId),
    /** Counts of the given subjects in the given periods, keyed `subject|type|period`. */
    async counts(subjects: string[], periods: string[]): Promise<Map<string, number>> {
      if (!subjects.length) return new Map();
      const rows = await db
        .selectFrom('usage_counters')
        .select(['subject', 'usage_type', 'period', 'count'])
        .where('subject', 'in', subjects)
        .where('period', 'in', periods)
        .execute();
      return new Map(rows.map((r) => [`${r.subject}|${r.usage_type}|${r.period}`, r.count]));
    },
    /** Adds one use unless the counter already reached `limit`; one statement, so workers cannot race past it. */
    async incrementBelow(k: UsageKey, limit: number): Promise<boolean> {
      const r = await db
        .insertInto('usage_counters')
        .values({ subject: k.subject, usage_type: k.type, period: k.period, count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'usage_type', 'period'])
            .doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', 1) }))
            .where('usage_counters.count', '<', limit),
        )
        .returning('count')
        .executeTakeFirst();
      return r !== undefined;
    },
    /** Adds `n` to a counter (no limit: for amounts checked before the call that spends them). */
    async add(k: UsageKey, n: number): Promise<void> {
      await db
        .insertInto('usage_counters')
        .values({ subject: k.subject, usage_type: k.type, period: k.period, count: n })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'usage_type', 'period'])
            .doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', n) })),
        )
        .execute();
    },
    async decrement(k: UsageKey): Promise<void> {
      await db
        .updateTable('usage_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('subject', '=', k.subject)
        .where('usage_type', '=', k.type)
        .where('period', '=', k.period)
        .where('count', '>', 0)
        .execute();
    },
    /** Marks a file as counted; false when it already was. */
    async markFile(k: UsageKey, fileId: string): Promise<boolean> {
      const r = await db
        .insertInto('usage_files')
        .values({ subject: k.subject, usage_type: k.type, period: k.period, file_id: fileId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async unmarkFile(k: UsageKey, fileId: string): Promise<void> {
      await db
        .deleteFrom('usage_files')
        .where('subject', '=', k.subject)
        .where('usage_type', '=', k.type)
        .where('period', '=', k.period)
        .where('file_id', '=', fileId)
        .execute();
    },
  };
}
export type UsageRepo = ReturnType<typeof createUsageRepo>;
