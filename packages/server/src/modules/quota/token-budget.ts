import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { today, type Clock } from '../../platform/clock.js';
import type { TokenUsage } from '../../platform/llm.js';
import type { UsageRepo } from './usage-repo.js';
import type { QuotaService } from './service.js';
import { renewsAt } from './walls.js';

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
export function createTokenBudget(deps: {
  usage: Pick<UsageRepo, 'counts' | 'add'>;
  quota: Pick<QuotaService, 'planOf'>;
  clock: Clock;
}) {
  const { usage, quota, clock } = deps;
  const subject = (userId: string) => `u:${userId}`;

  /** Tokens a user consumed today: { in, out }. */
  async function used(userId: string): Promise<{ in: number; out: number }> {
    const day = today(clock);
    const counts = await usage.counts([subject(userId)], [day]);
    const of = (type: string) => counts.get(`${subject(userId)}|${type}|${day}`) ?? 0;
    return { in: of(TOKENS_IN), out: of(TOKENS_OUT) };
  }

  return {
    used,

    /** 403 quota_exceeded when the user's tokens of today reached the plan's daily budget. */
    async assertAvailable(viewer: Viewer): Promise<void> {
      const user = requireUser(viewer);
      const plan = quota.planOf(viewer);
      const spent = await used(user.id);
      const overIn = spent.in >= plan.daily_tokens_in;
      if (overIn || spent.out >= plan.daily_tokens_out) {
        const renews = renewsAt('day', clock.now());
        throw new AppError(
          ERROR_CODES.quotaExceeded,
          msg('wallDailyTokens', {
            tokensIn: plan.daily_tokens_in.toLocaleString('en'),
            tokensOut: plan.daily_tokens_out.toLocaleString('en'),
            renews: `${renews.toISOString().slice(0, 10)} 00:00`,
          }),
          {
            reason: 'daily_tokens',
            // The budget that was reached: input tokens, else output tokens.
            limit: overIn ? plan.daily_tokens_in : plan.daily_tokens_out,
            used: overIn ? spent.in : spent.out,
            renews_at: renews.toISOString(),
          },
        );
      }
    },

    /** Adds a call's tokens to the user's counters of today. */
    async spend(userId: string, spent: TokenUsage): Promise<void> {
      const period = today(clock);
      if (spent.input_tokens > 0)
        await usage.add({ subject: subject(userId), type: TOKENS_IN, period }, spent.input_tokens);
      if (spent.output_tokens > 0)
        await usage.add({ subject: subject(userId), type: TOKENS_OUT, period }, spent.output_tokens);
    },
  };
}
export type TokenBudget = ReturnType<typeof createTokenBudget>;
