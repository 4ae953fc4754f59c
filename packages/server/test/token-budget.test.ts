import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, PLANS, type Plan } from '@rl/contract';
import { buildUser } from './accounts.js';
import { fixedClock, openTestLibrary, type TestLibrary } from './harness.js';
import { AppError } from '../src/errors.js';
import type { Viewer } from '../src/modules/access/viewer.js';
import { createUsersRepo } from '../src/modules/users/repo.js';
import { toUserRecord } from '../src/modules/users/model.js';
import { createUsageRepo } from '../src/modules/quota/usage-repo.js';
import { createQuotaService } from '../src/modules/quota/service.js';
import {
  createTokenBudget,
  TOKENS_IN,
  TOKENS_OUT,
  type TokenBudget,
} from '../src/modules/quota/token-budget.js';

let lib: TestLibrary;
const clock = fixedClock('2026-11-21T10:00:00.000Z');
let budget: TokenBudget;

beforeAll(async () => {
  lib = await openTestLibrary({}, { llm: null });
  const usage = createUsageRepo(lib.db);
  const quota = createQuotaService({
    repo: usage,
    files: lib.repos.files,
    transaction: lib.transaction,
    clock,
  });
  budget = createTokenBudget({ usage, quota, clock });
});
afterAll(() => lib.close());

async function viewerOf(level: 'trial' | 'paid_v0'): Promise<Viewer> {
  const { id } = await buildUser(lib.db, { level, expires: null });
  const row = await createUsersRepo(lib.db).byId(id);
  if (!row) throw new Error('user gone');
  return { user: toUserRecord(row), token: null, fingerprint: null, ip: '127.0.0.1', country: null };
}

/** The error assertAvailable throws, or null when the budget is available. */
async function refusal(viewer: Viewer): Promise<AppError | null> {
  try {
    await budget.assertAvailable(viewer);
    return null;
  } catch (err) {
    return err as AppError;
  }
}

const spend = (viewer: Viewer, input: number, output: number) =>
  budget.spend(viewer.user!.id, { input_tokens: input, output_tokens: output });

describe.each([
  ['trial', PLANS.trial],
  ['paid_v0', PLANS.paid_v0],
] as ['trial' | 'paid_v0', Plan][])('the daily token budget of a %s user', (level, plan) => {
  it('has the plan limits', () => {
    expect([plan.daily_tokens_in, plan.daily_tokens_out]).toEqual(
      level === 'trial' ? [250_000, 125_000] : [2_500_000, 1_250_000],
    );
  });

  it('is available below both limits', async () => {
    const v = await viewerOf(level);
    expect(await refusal(v)).toBeNull();
    await spend(v, plan.daily_tokens_in - 1, plan.daily_tokens_out - 1);
    expect(await budget.used(v.user!.id)).toEqual({
      in: plan.daily_tokens_in - 1,
      out: plan.daily_tokens_out - 1,
    });
    expect(await refusal(v)).toBeNull();
  });

  it('is spent once the input tokens reach the limit, and beyond it', async () => {
    const v = await viewerOf(level);
    await spend(v, plan.daily_tokens_in, 0);
    const err = await refusal(v);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: ERROR_CODES.quotaExceeded });
    expect(err?.message).toBe(
      `Your daily AI budget (${plan.daily_tokens_in.toLocaleString('en')} input and ` +
        `${plan.daily_tokens_out.toLocaleString('en')} output tokens) is used up. It renews at 2026-11-22 00:00 UTC.`,
    );
    expect(err?.extra).toEqual({
      reason: 'daily_tokens',
      limit: plan.daily_tokens_in,
      used: plan.daily_tokens_in,
      renews_at: '2026-11-22T00:00:00.000Z',
    });
    await spend(v, 10, 0);
    expect(await refusal(v)).toMatchObject({ code: ERROR_CODES.quotaExceeded });
  });

  it('is spent once the output tokens reach the limit, and beyond it', async () => {
    const v = await viewerOf(level);
    await spend(v, 0, plan.daily_tokens_out);
    expect(await refusal(v)).toMatchObject({
      code: ERROR_CODES.quotaExceeded,
      extra: { reason: 'daily_tokens', limit: plan.daily_tokens_out, used: plan.daily_tokens_out },
    });
    const over = await viewerOf(level);
    await spend(over, 1, plan.daily_tokens_out + 1000);
    expect(await refusal(over)).toMatchObject({ code: ERROR_CODES.quotaExceeded });
  });
});

describe('spending tokens', () => {
  it('accumulates per user, in the usage counters of the day', async () => {
    const a = await viewerOf('trial');
    const b = await viewerOf('trial');
    expect(await budget.used(a.user!.id)).toEqual({ in: 0, out: 0 });
    await spend(a, 100, 20);
    await spend(a, 50, 5);
    await spend(a, 0, 0);
    await spend(b, 7, 3);
    expect(await budget.used(a.user!.id)).toEqual({ in: 150, out: 25 });
    expect(await budget.used(b.user!.id)).toEqual({ in: 7, out: 3 });
    const rows = await lib.db
      .selectFrom('usage_counters')
      .select(['usage_type', 'period', 'count'])
      .where('subject', '=', `u:${a.user!.id}`)
      .orderBy('usage_type')
      .execute();
    expect(rows).toEqual([
      { usage_type: TOKENS_IN, period: '2026-11-21', count: 150 },
      { usage_type: TOKENS_OUT, period: '2026-11-21', count: 25 },
    ]);
  });

  it('counts each day separately: a spent budget renews the next day', async () => {
    const v = await viewerOf('trial');
    const id = v.user!.id;
    try {
      await spend(v, PLANS.trial.daily_tokens_in, 40);
      expect(await refusal(v)).toMatchObject({ code: ERROR_CODES.quotaExceeded });
      clock.set('2026-11-22T00:00:00.000Z');
      expect(await budget.used(id)).toEqual({ in: 0, out: 0 });
      expect(await refusal(v)).toBeNull();
      await spend(v, 30, 4);
      expect(await budget.used(id)).toEqual({ in: 30, out: 4 });
      clock.set('2026-11-21T23:59:59.000Z');
      expect(await budget.used(id)).toEqual({ in: PLANS.trial.daily_tokens_in, out: 40 });
    } finally {
      clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('asks for a login', async () => {
    const anonymous: Viewer = { user: null, token: null, fingerprint: null, ip: '127.0.0.1', country: null };
    expect(await refusal(anonymous)).toMatchObject({ code: ERROR_CODES.unauthorized });
  });
});
