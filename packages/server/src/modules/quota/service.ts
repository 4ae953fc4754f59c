import {
  DOWNLOAD_QUOTA_KEYS,
  effectivePlan,
  fileAgeOpensAt,
  PLANS,
  QUOTA_KEYS,
  UNLIMITED,
  USAGE_TYPES,
  type FileListItem,
  type FileLock,
  type Plan,
  type QuotaMap,
  type UsageType,
} from '@rl/contract';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isOwner } from '../files/access.js';
import { presentFileInfo, type FileRow } from '../files/presenter.js';
import type { UserRecord } from '../access/user-record.js';
import { today, type Clock } from '../../platform/clock.js';
import { notIncluded, PLAN_FEATURES, type PlanFeature } from './plan-features.js';
import { fileAgeRefusal, notOffered, quotaSpent, uploadCountSpent } from './walls.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { FilesRepo } from '../files/repo.js';
import type { UsageRepo } from './usage-repo.js';

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

/**
 * How long after a keyword's counted search the same keyword is the same search: picking filters,
 * the sorting or title-only, or submitting it again, within this time counts nothing more. Timed
 * from the count, not from the last change, so refining cannot keep a search open for good.
 */
export const SEARCH_REFINE_WINDOW_MS = 10 * 60 * 1000;

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

/** One use to record: of which type, on which plan, against which limits, for whom. */
interface Use {
  plan: Plan;
  type: UsageType;
  /** The limits that count (none unlimited, none zero). */
  limits: Limit[];
  subjects: { subject: string; factor: number }[];
  now: Date;
  /** A report: counted once per file per month. */
  fileId?: string | undefined;
}

/** Raises the use's counters, each within its limit; 403 quota_exceeded at the first one spent. */
async function spend(tx: UsageRepo, { plan, type, limits, subjects, now, fileId }: Use): Promise<void> {
  const month = periodKey('month', now);
  // A report already counted this month for this visitor is free.
  if (fileId && !(await tx.markFile({ subject: subjects[0]?.subject ?? '', type, period: month }, fileId)))
    return;
  for (const limit of limits) {
    for (const s of subjects) {
      const key = { subject: s.subject, type, period: periodKey(limit.period, now) };
      if (!(await tx.incrementBelow(key, limit.count * s.factor))) throw quotaSpent(plan, type, limit, now);
    }
  }
}

/**
 * What remains of a usage type on the plan: the least any subject has left (UNLIMITED: no limit),
 * under all its limits or under those of one period.
 */
function leftOf(
  plan: Plan,
  type: UsageType,
  subjects: { subject: string; factor: number }[],
  counts: Map<string, number>,
  now: Date,
  period?: Limit['period'],
): number {
  let left = UNLIMITED;
  for (const limit of limitsOf(plan, type)) {
    if (limit.count === UNLIMITED || (period && limit.period !== period)) continue;
    for (const s of subjects) {
      const used = counts.get(`${s.subject}|${type}|${periodKey(limit.period, now)}`) ?? 0;
      const rest = Math.max(0, limit.count * s.factor - used);
      left = left === UNLIMITED ? rest : Math.min(left, rest);
    }
  }
  return left;
}

/** Counting searches as the user submitted them, and forgetting the ones whose paging window passed. */
function searchCounting({
  repo,
  clock,
  planOf,
  consume,
}: {
  repo: UsageRepo;
  clock: Clock;
  planOf: (viewer: Pick<Viewer, 'user'>) => Plan;
  consume: (viewer: Viewer, type: UsageType) => Promise<void>;
}) {
  return {
    /**
     * Counts one search as the user submitted it (docs/api.md, "What counts as a search"):
     * `key` is its normalised keyword, `hash` the whole query (search/service.ts). A keyword is
     * counted once per SEARCH_REFINE_WINDOW_MS: its other queries within that time (filters,
     * sorting, again) are free. Besides, a later page of a query this viewer was answered within
     * SEARCH_PAGING_WINDOW_MS is free. Anything else counts, whatever its page number: paging
     * alone must not read a search's results past a spent quota. On a plan without a search
     * limit nothing is counted nor remembered.
     */
    async consumeSearch(
      viewer: Viewer,
      search: { key: string; hash: string; firstPage: boolean },
    ): Promise<void> {
      if (planOf(viewer).limits.search.count === UNLIMITED) return;
      // The first subject is the one a counted file is remembered for too (`consume`).
      const subject = subjectsOf(viewer)[0]!.subject;
      const now = clock.now().getTime();
      const at = new Date(now).toISOString();
      const pagingSince = new Date(now - SEARCH_PAGING_WINDOW_MS).toISOString();
      if (!search.firstPage && (await repo.searchRanSince(subject, search.hash, pagingSince))) return;
      // Claimed first (one statement: two requests at once count once), then counted; a refusal
      // gives the claim back, so a refused search never frees its refinements or later pages.
      const key = `k:${search.key}`;
      const refineSince = new Date(now - SEARCH_REFINE_WINDOW_MS).toISOString();
      if (await repo.claimSearch(subject, key, at, refineSince)) {
        try {
          await consume(viewer, 'search');
        } catch (err) {
          await repo.releaseSearch(subject, key, at);
          throw err;
        }
      }
      await repo.recordSearch(subject, search.hash, at);
    },

    /** Drops the remembered searches whose paging window has passed. */
    async forgetOldSearches(): Promise<void> {
      await repo.forgetSearchesBefore(
        new Date(clock.now().getTime() - SEARCH_PAGING_WINDOW_MS).toISOString(),
      );
    },
  };
}

/** Plans and quotas: the plan a viewer has now, what remains, recording uses, the trial file-age rule. */
export function createQuotaService(deps: {
  repo: UsageRepo;
  files: Pick<FilesRepo, 'heldUploads'>;
  /** The uses of one request land together or not at all; a counter raised stays locked till then. */
  transaction: UnitOfWork<{ usage: UsageRepo }>;
  clock: Clock;
}) {
  const { repo, files, clock } = deps;

  /** Files the plan still allows a user to upload (uploads held: not failed, processing included). */
  const uploadsLeft = async (userId: string, plan: Plan): Promise<number> =>
    Math.max(0, plan.upload_max_files - (await files.heldUploads(userId)).files);

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
      const held = (await files.heldUploads(viewer.user.id)).files;
      if (held < plan.upload_max_files) return;
      throw uploadCountSpent(plan, held);
    }
    const now = clock.now();
    const limits = limitsOf(plan, type).filter((l) => l.count !== UNLIMITED);
    if (limits.some((l) => l.count === 0)) {
      throw notOffered(notIncluded(type));
    }
    if (!limits.length) return;
    const use: Use = { plan, type, limits, subjects: subjectsOf(viewer), now, fileId };
    // Several writes move together or not at all (a refusal rolls back the counters already
    // raised); a single counter's guarded statement needs no transaction.
    if (!fileId && limits.length * use.subjects.length === 1) await spend(repo, use);
    else await deps.transaction((tx) => spend(tx.usage, use));
  }

  /**
   * The trial file-age rule for a report the viewer can see: null when their plan opens it, else
   * the lock the lists show (its first open day); a viewer's own uploads are theirs to open.
   */
  function lockOf(
    viewer: Pick<Viewer, 'user'>,
    file: Pick<FileRow, 'owner_id' | 'publish_date'>,
  ): FileLock | null {
    if (isOwner(file, viewer)) return null;
    const opensAt = fileAgeOpensAt(planOf(viewer), file.publish_date, today(clock));
    return opensAt === null ? null : { reason: 'file_age', opens_at: opensAt };
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
      map[QUOTA_KEYS[type]] = leftOf(plan, type, subjects, counts, now);
    }
    // A plan offering no downloads has none left of either period; one without a daily limit, no limit.
    const offered = plan.limits.download.count !== 0;
    for (const period of ['day', 'month'] as const)
      map[DOWNLOAD_QUOTA_KEYS[period]] = offered
        ? leftOf(plan, 'download', subjects, counts, now, period)
        : 0;
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
      if (!offered(planOf(viewer))) throw notOffered(refusal);
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

    ...searchCounting({ repo, clock, planOf, consume }),

    lockOf,

    /**
     * A list's reports marked `locked` where the viewer's plan does not open them yet, so the
     * list shows it before the click (the viewer's own uploads, `mine`, are never locked).
     */
    markLocked<T extends Pick<FileListItem, 'publish_date' | 'mine'>>(viewer: Viewer, items: T[]): T[] {
      return items.map((item) => {
        const lock = item.mine ? null : lockOf(viewer, { owner_id: null, publish_date: item.publish_date });
        return lock ? { ...item, locked: lock } : item;
      });
    },

    /**
     * The plan's rule for any call about a file the viewer can see (quota/openable-file.ts): the
     * file-age rule, except on the viewer's own uploads, which are theirs to open freely. The
     * refusal carries the report's details and summary without a link to its PDF (what the
     * reader may still see), and the day it opens.
     */
    assertMayOpen(viewer: Pick<Viewer, 'user'>, file: FileRow): void {
      const lock = lockOf(viewer, file);
      if (lock)
        throw fileAgeRefusal(lock.opens_at, {
          locked_file: presentFileInfo(file, { fileUrl: '', permission: [] }),
        });
    },
  };
}
export type QuotaService = ReturnType<typeof createQuotaService>;
