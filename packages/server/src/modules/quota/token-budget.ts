import { ERROR_CODES } from '@rl/contract';
import type { Db } from '../../db/database.js';
import { Forbidden } from '../../http/errors.js';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { today, type Clock } from '../../platform/clock.js';
import type { TokenUsage } from '../../platform/llm.js';
import type { QuotaService } from './service.js';

/** Usage counter types of the daily token budgets (usage_counters, period = the day). */
export const TOKENS_IN = 'tokens_in';
export const TOKENS_OUT = 'tokens_out';

/**
 * The plan's daily token budget (`daily_tokens_in` / `daily_tokens_out`) of every call that
 * spends provider tokens for a user: the chat and the on-demand summary. Counted per user and UTC
 * day in usage_counters (`u:<id>`, tokens_in / tokens_out, YYYY-MM-DD). Checked before a call (a
 * budget is spent once either counter reached its limit, so the last call of a day may overshoot
 * it) and counted after it, with what the provider reported (estimated when it reported none).
 */
export function createTokenBudget(deps: { db: Db; quota: Pick<QuotaService, 'planOf'>; clock: Clock }) {
  const { db, quota, clock } = deps;

  /** Tokens a user consumed today: { in, out }. */
  async function used(userId: string): Promise<{ in: number; out: number }> {
    const rows = await db
      .selectFrom('usage_counters')
      .select(['usage_type', 'count'])
      .where('subject', '=', `u:${userId}`)
      .where('period', '=', today(clock))
      .where('usage_type', 'in', [TOKENS_IN, TOKENS_OUT])
      .execute();
    const of = (t: string) => rows.find((r) => r.usage_type === t)?.count ?? 0;
    return { in: of(TOKENS_IN), out: of(TOKENS_OUT) };
  }

  return {
    used,

    /** 403 quota_exceeded when the user's tokens of today reached the plan's daily budget. */
    async assertAvailable(viewer: Viewer): Promise<void> {
      const user = requireUser(viewer);
      const plan = quota.planOf(viewer);
      const spent = await used(user.id);
      if (spent.in >= plan.daily_tokens_in || spent.out >= plan.daily_tokens_out) {
        throw new Forbidden(
          `Your daily AI budget (${plan.daily_tokens_in.toLocaleString('en')} input and ` +
            `${plan.daily_tokens_out.toLocaleString('en')} output tokens) is used up. It renews tomorrow.`,
          ERROR_CODES.quotaExceeded,
        );
      }
    },

    /** Adds a call's tokens to the user's counters of today. */
    async spend(userId: string, usage: TokenUsage): Promise<void> {
      const day = today(clock);
      for (const [type, n] of [
        [TOKENS_IN, usage.input_tokens],
        [TOKENS_OUT, usage.output_tokens],
      ] as const) {
        if (n <= 0) continue;
        await db
          .insertInto('usage_counters')
          .values({ subject: `u:${userId}`, usage_type: type, period: day, count: n })
          .onConflict((oc) =>
            oc
              .columns(['subject', 'usage_type', 'period'])
              .doUpdateSet((eb) => ({ count: eb('usage_counters.count', '+', n) })),
          )
          .execute();
      }
    },
  };
}
export type TokenBudget = ReturnType<typeof createTokenBudget>;
