import type { Db } from '../../db/database.js';

export interface UsageKey {
  subject: string;
  type: string;
  period: string;
}

/**
 * SQL of usage counters (per subject, type and period), the files already counted in a period and
 * the searches recently counted or answered (search_runs: a keyword's claim, `k:` and its hash, or
 * a query's hash). Uploads are not counted here: they are the rows a user holds (files' heldUploads).
 */
export function createUsageRepo(db: Db) {
  return {
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
    /**
     * Adds one use unless the counter already reached `limit`; one statement, so workers cannot
     * race past it (PostgreSQL re-checks the condition on the row it locked).
     */
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
    /** Marks a file as counted; false when it already was. */
    async markFile(k: UsageKey, fileId: string): Promise<boolean> {
      const r = await db
        .insertInto('usage_files')
        .values({ subject: k.subject, usage_type: k.type, period: k.period, file_id: fileId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /**
     * Claims the search `key` for `subject` at `at` unless it was claimed at `since` or later; true
     * when claimed. One guarded upsert, like `incrementBelow`: of two requests at once one wins.
     */
    async claimSearch(subject: string, key: string, at: string, since: string): Promise<boolean> {
      const r = await db
        .insertInto('search_runs')
        .values({ subject, query_hash: key, ran_at: at })
        .onConflict((oc) =>
          oc
            .columns(['subject', 'query_hash'])
            .doUpdateSet({ ran_at: at })
            .where('search_runs.ran_at', '<', since),
        )
        .returning('ran_at')
        .executeTakeFirst();
      return r !== undefined;
    },
    /** Gives back the claim `claimSearch` made at `at` (the search it was for was refused). */
    async releaseSearch(subject: string, key: string, at: string): Promise<void> {
      await db
        .deleteFrom('search_runs')
        .where('subject', '=', subject)
        .where('query_hash', '=', key)
        .where('ran_at', '=', at)
        .execute();
    },
    /** Remembers that `subject` was answered the search `queryHash` at `at` (one upsert). */
    async recordSearch(subject: string, queryHash: string, at: string): Promise<void> {
      await db
        .insertInto('search_runs')
        .values({ subject, query_hash: queryHash, ran_at: at })
        .onConflict((oc) => oc.columns(['subject', 'query_hash']).doUpdateSet({ ran_at: at }))
        .execute();
    },
    /** `subject` was counted for the search `queryHash` at `since` or later. */
    async searchRanSince(subject: string, queryHash: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('search_runs')
        .select('ran_at')
        .where('subject', '=', subject)
        .where('query_hash', '=', queryHash)
        .where('ran_at', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Forgets the searches counted before `before` (their later pages count again anyway). */
    async forgetSearchesBefore(before: string): Promise<void> {
      await db.deleteFrom('search_runs').where('ran_at', '<', before).execute();
    },
  };
}

export type UsageRepo = ReturnType<typeof createUsageRepo>;
