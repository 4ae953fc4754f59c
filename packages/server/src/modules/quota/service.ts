import {
  effectivePlan,
  ERROR_CODES,
  fileAgeAllowed,
  PLANS,
  QUOTA_KEYS,
  UNLIMITED,
  USAGE_TYPES,
  type Plan,
  type QuotaMap,
  type UsageType,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isOwner } from '../files/access.js';
import type { FileRow } from '../files/presenter.js';
import type { UserRecord } from '../users/model.js';
import { today, type Clock } from '../../platform/clock.js';
import { notIncluded, PLAN_FEATURES, type PlanFeature } from './plan-features.js';
import type { UsageQueries, UsageRepo } from './repo.js';

/**
 * Anonymous visitors get the free plan's limits per fingerprint, and per IP address this many
 * times over (an office or a mobile carrier puts many visitors behind one address).
 */
export const ANON_IP_FACTOR = 5;

/**
 * How long after a counted search its later pages stay free for the same viewer: a reading
 * session's worth of scrolling. Past it, the next page counts again (and opens a new window).
 */
export const SEARCH_PAGING_WINDOW_MS = 60 * 60 * 1000;

const NOUNS: Record<UsageType, [string, string]> = {
  report: ['report', 'reports'],
  search: ['search', 'searches'],
  chat: ['conversation', 'conversations'],
  abstract: ['summary', 'summaries'],
  translate: ['translation', 'translations'],
  upload: ['upload', 'uploads'],
  download: ['download', 'downloads'],
};

interface Limit {
  count: number;
  period: 'month' | 'day' | 'total';
}

const periodKey = (period: Limit['period'], now: Date) =>
  period === 'total' ? 'total' : now.toISOString().slice(0, period === 'month' ? 7 : 10);

/** The limits of a usage type on a plan; downloads have a daily one besides the monthly one. */
function limitsOf(plan: Plan, type: UsageType): Limit[] {
  const limits: Limit[] = [plan.limits[type]];
  if (type === 'download' && plan.daily_downloads > 0)
    limits.push({ count: plan.daily_downloads, period: 'day' });
  return limits;
}

/** Who is counted: the user, or an anonymous visitor's fingerprint and IP address. */
function subjectsOf(viewer: Viewer): { subject: string; factor: number }[] {
  if (viewer.user) return [{ subject: `u:${viewer.user.id}`, factor: 1 }];
  const list = [{ subject: `ip:${viewer.ip}`, factor: ANON_IP_FACTOR }];
  return viewer.fingerprint ? [{ subject: `fp:${viewer.fingerprint}`, factor: 1 }, ...list] : list;
}

function exceededMessage(plan: Plan, type: UsageType, limit: Limit): string {
  const [one, many] = NOUNS[type];
  const when = limit.period === 'month' ? 'monthly ' : limit.period === 'day' ? 'daily ' : '';
  const head = `Your ${when}${one} quota (${limit.count}) is used up.`;
  if (plan.id !== 'trial')
    return `${head} It renews at the start of the next ${limit.period === 'day' ? 'day' : 'month'}.`;
  const paid = PLANS.paid_v0.limits[type].count;
  return `${head} Subscribe to the institutional plan for ${paid === UNLIMITED ? 'unlimited' : 'more'} ${many}.`;
}

/** 403 message when a user holds as many uploads as the plan allows. */
export function uploadCountMessage(plan: Plan): string {
  const head = `Your plan holds up to ${plan.upload_max_files} uploaded files.`;
  if (plan.id !== 'trial') return `${head} Delete one of them to upload another.`;
  return `${head} Delete one of them, or subscribe to the institutional plan for up to ${PLANS.paid_v0.upload_max_files} files.`;
}

/** Plans and quotas: the plan a viewer has now, what remains, recording uses, the trial file-age rule. */
export function createQuotaService(deps: { repo: UsageRepo; clock: Clock }) {
  const { repo, clock } = deps;

  /** Files the plan still allows a user to upload (uploads held: not failed, processing included). */
  const uploadsLeft = async (userId: string, plan: Plan): Promise<number> =>
    Math.max(0, plan.upload_max_files - (await repo.heldUploads(userId)).files);

  const planOf = (viewer: Pick<Viewer, 'user'>): Plan =>
    viewer.user
      ? effectivePlan(viewer.user.user_level, viewer.user.user_level_expire_time, clock.now())
      : PLANS.trial;

  /**
   * Records one use of `type`. A report (`fileId`) counts once per file per month. 403
   * quota_exceeded when spent, 403 plan_required when not offered.
   */
  async function consume(viewer: Viewer, type: UsageType, fileId?: string): Promise<void> {
    const plan = planOf(viewer);
    if (type === 'upload' && viewer.user) {
      // Uploads are the files held, not a counter: this only checks that one more fits.
      if ((await uploadsLeft(viewer.user.id, plan)) > 0) return;
      throw new AppError(ERROR_CODES.quotaExceeded, uploadCountMessage(plan));
    }
    const now = clock.now();
    const limits = limitsOf(plan, type).filter((l) => l.count !== UNLIMITED);
    if (limits.some((l) => l.count === 0)) {
      throw new AppError(ERROR_CODES.planRequired, notIncluded(NOUNS[type][1]));
    }
    if (!limits.length) return;
    const subjects = subjectsOf(viewer);
    const month = periodKey('month', now);
    const spend = async (tx: UsageQueries): Promise<void> => {
      // A report already counted this month for this visitor is free.
      if (
        fileId &&
        !(await tx.markFile({ subject: subjects[0]?.subject ?? '', type, period: month }, fileId))
      )
        return;
      for (const limit of limits) {
        for (const s of subjects) {
          const key = { subject: s.subject, type, period: periodKey(limit.period, now) };
          if (!(await tx.incrementBelow(key, limit.count * s.factor)))
            throw new AppError(ERROR_CODES.quotaExceeded, exceededMessage(plan, type, limit));
        }
      }
    };
    // Several writes move together or not at all (a refusal rolls back the counters already
    // raised); a single counter's guarded statement needs no transaction.
    if (!fileId && limits.length * subjects.length === 1) await spend(repo);
    else await repo.transaction(spend);
  }

  /** The trial file-age rule: 403 file_age_blocked for a report the viewer's plan may not open. */
  function assertFileAge(viewer: Pick<Viewer, 'user'>, publishDate: string | null): void {
    if (!fileAgeAllowed(planOf(viewer), publishDate, today(clock))) {
      throw new AppError(
        ERROR_CODES.fileAgeBlocked,
        'The free plan opens only reports published today or more than one year ago. Subscribe to the institutional plan for full access.',
      );
    }
  }

  /** Remaining uses per quota key (-1 unlimited, 0 not offered or spent). */
  async function remaining(viewer: Viewer): Promise<QuotaMap> {
    const plan = planOf(viewer);
    const now = clock.now();
    const subjects = subjectsOf(viewer);
    const periods = ['total', periodKey('month', now), periodKey('day', now)];
    const counts = await repo.counts(
      subjects.map((s) => s.subject),
      periods,
    );
    const map: QuotaMap = {};
    for (const type of USAGE_TYPES) {
      if (type === 'upload' && viewer.user) {
        map[QUOTA_KEYS.upload] = await uploadsLeft(viewer.user.id, plan);
        continue;
      }
      let left = UNLIMITED;
      for (const limit of limitsOf(plan, type)) {
        if (limit.count === UNLIMITED) continue;
        for (const s of subjects) {
          const used = counts.get(`${s.subject}|${type}|${periodKey(limit.period, now)}`) ?? 0;
          const rest = Math.max(0, limit.count * s.factor - used);
          left = left === UNLIMITED ? rest : Math.min(left, rest);
        }
      }
      map[QUOTA_KEYS[type]] = left;
    }
    return map;
  }

  return {
    planOf,

    /**
     * The guard of a call only some plans offer: the viewer's user, else 401 without login and
     * 403 plan_required when their plan lacks `feature` (PLAN_FEATURES).
     */
    requirePlan(viewer: Viewer, feature: PlanFeature): UserRecord {
      const user = requireUser(viewer);
      const { offered, refusal } = PLAN_FEATURES[feature];
      if (!offered(planOf(viewer))) throw new AppError(ERROR_CODES.planRequired, refusal);
      return user;
    },

    remaining,

    consume,

    /** The consumption call: records one use (or 403 quota_exceeded), then says what remains of it. */
    async recordUse(
      viewer: Viewer,
      type: UsageType,
      fileId?: string,
    ): Promise<{ type: UsageType; remaining: number }> {
      await consume(viewer, type, fileId);
      return { type, remaining: (await remaining(viewer))[QUOTA_KEYS[type]] ?? 0 };
    },

    /**
     * Counts one search (`hash`: its normalised query, see search/service.ts) like `consume`,
     * except that a later page of a search this viewer was counted for within
     * SEARCH_PAGING_WINDOW_MS is free. Any other page counts, whatever its number: paging alone
     * must not read a search's results past a spent quota. On a plan without a search limit
     * nothing is counted nor remembered.
     */
    async consumeSearch(viewer: Viewer, search: { hash: string; firstPage: boolean }): Promise<void> {
      if (planOf(viewer).limits.search.count === UNLIMITED) return;
      // The first subject is the one a counted file is remembered for too (`consume`).
      const subject = subjectsOf(viewer)[0]!.subject;
      const now = clock.now().getTime();
      const since = new Date(now - SEARCH_PAGING_WINDOW_MS).toISOString();
      if (!search.firstPage && (await repo.searchRanSince(subject, search.hash, since))) return;
      // Counted first, remembered after: a refused search never opens its later pages.
      await consume(viewer, 'search');
      await repo.recordSearch(subject, search.hash, new Date(now).toISOString());
    },

    /** Drops the remembered searches whose paging window has passed. */
    async forgetOldSearches(): Promise<void> {
      await repo.forgetSearchesBefore(
        new Date(clock.now().getTime() - SEARCH_PAGING_WINDOW_MS).toISOString(),
      );
    },

    /**
     * The plan's rule for any call about a file the viewer can see (quota/openable-file.ts): the
     * file-age rule, except on the viewer's own uploads, which are theirs to open freely.
     */
    assertMayOpen(viewer: Pick<Viewer, 'user'>, file: Pick<FileRow, 'owner_id' | 'publish_date'>): void {
      if (!isOwner(file, viewer)) assertFileAge(viewer, file.publish_date);
    },
  };
}
export type QuotaService = ReturnType<typeof createQuotaService>;
