/**
 * Plans, quotas and the pure rules over them (SPEC.md sections 6 and 9). The server enforces
 * them and the web shows them from this one table. No zod here: the first screen imports it.
 */

/** What a user spends. Each name has a quota key in `/api/user/quota`. */
export const USAGE_TYPES = [
  'report',
  'search',
  'chat',
  'abstract',
  'translate',
  'upload',
  'download',
] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

/** The quota map's key for each usage type (SPEC.md section 3, user info `quota`). */
export const QUOTA_KEYS = {
  report: 'report_quota',
  search: 'search_quota',
  chat: 'chat_quota',
  abstract: 'abstract_quota',
  translate: 'translate_quota',
  upload: 'upload_quota',
  download: 'download_quota',
} as const satisfies Record<UsageType, string>;
export type QuotaKey = (typeof QUOTA_KEYS)[UsageType];

/**
 * Downloads count against two limits, a day's and a month's: `download_quota` is the lesser of
 * what is left of them, and these keys say what is left of each.
 */
export const DOWNLOAD_QUOTA_KEYS = {
  day: 'download_day_quota',
  month: 'download_month_quota',
} as const;
export type DownloadQuotaKey = (typeof DOWNLOAD_QUOTA_KEYS)[keyof typeof DOWNLOAD_QUOTA_KEYS];

/** A quota value meaning "no limit"; the web shows it as infinity. */
export const UNLIMITED = -1;

/** The period a limit counts over. Uploads count the files a user holds. */
export type LimitPeriod = 'month' | 'day' | 'total';

export interface UsageLimit {
  /** How many, or UNLIMITED; 0 means not offered on the plan. */
  count: number;
  period: LimitPeriod;
}

export const PLAN_IDS = ['trial', 'paid_v0'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** Monthly price in yuan. */
  price_cny: number;
  /** Limits per usage type; downloads also have a daily limit below. */
  limits: Record<UsageType, UsageLimit>;
  /** Paid plan downloads: 10 a day on top of 100 a month. */
  daily_downloads: number;
  /** Daily LLM token budgets. */
  daily_tokens_in: number;
  daily_tokens_out: number;
  /** Upload rules. */
  upload_max_bytes: number;
  upload_max_files: number;
  storage_bytes: number;
  /** Bookmark folders (collections) and publishing uploads to the library. */
  collections: boolean;
  publishing: boolean;
  /** The trial file-age rule: only today's reports and those older than a year. */
  file_age_limited: boolean;
  /** Follows and saved searches a user may keep (UNLIMITED: no limit but FOLLOWS_MAX). */
  follows: number;
  /** How often the plan may send the e-mail digest of new reports. */
  digest_frequencies: readonly ('daily' | 'weekly')[];
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const PLANS: Record<PlanId, Plan> = {
  trial: {
    id: 'trial',
    price_cny: 0,
    limits: {
      report: { count: 20, period: 'month' },
      search: { count: 30, period: 'month' },
      chat: { count: 50, period: 'month' },
      abstract: { count: 20, period: 'month' },
      translate: { count: 20, period: 'month' },
      upload: { count: 10, period: 'total' },
      download: { count: 0, period: 'month' },
    },
    daily_downloads: 0,
    daily_tokens_in: 250_000,
    daily_tokens_out: 125_000,
    upload_max_bytes: 3 * MiB,
    upload_max_files: 10,
    storage_bytes: 30 * MiB,
    collections: false,
    publishing: false,
    file_age_limited: true,
    follows: 5,
    digest_frequencies: ['weekly'],
  },
  paid_v0: {
    id: 'paid_v0',
    price_cny: 700,
    limits: {
      report: { count: UNLIMITED, period: 'month' },
      search: { count: UNLIMITED, period: 'month' },
      chat: { count: UNLIMITED, period: 'month' },
      abstract: { count: UNLIMITED, period: 'month' },
      translate: { count: 100, period: 'month' },
      upload: { count: 1000, period: 'total' },
      download: { count: 100, period: 'month' },
    },
    daily_downloads: 10,
    daily_tokens_in: 2_500_000,
    daily_tokens_out: 1_250_000,
    upload_max_bytes: 200 * MiB,
    upload_max_files: 1000,
    storage_bytes: 200 * GiB,
    collections: true,
    publishing: true,
    file_age_limited: false,
    follows: UNLIMITED,
    digest_frequencies: ['daily', 'weekly'],
  },
};

/** Feature lines of the plan cards, as message keys under `plan.feature.` in the web's locales. */
export const PLAN_FEATURES: Record<PlanId, readonly string[]> = {
  trial: ['reports', 'searches', 'conversations', 'summaries', 'translations', 'uploads', 'noDownloads'],
  paid_v0: [
    'reports',
    'searches',
    'conversations',
    'summaries',
    'translations',
    'uploads',
    'downloads',
    'collections',
    'publishing',
  ],
};

/** Paid levels match `paid_v*` (SPEC.md section 3). */
export function isPaidLevel(level: string): boolean {
  return /^paid_v\d+$/.test(level);
}

/**
 * The plan a user's level grants at `now`: a paid level past its expiry acts as trial. Unknown
 * paid versions get the current paid plan.
 */
export function effectivePlan(level: string, expireTime: string | null, now: Date): Plan {
  if (!isPaidLevel(level)) return PLANS.trial;
  if (expireTime !== null && new Date(expireTime).getTime() <= now.getTime()) return PLANS.trial;
  return PLANS.paid_v0;
}

/**
 * The trial file-age rule (SPEC.md section 5): a limited plan may open a report published today
 * or more than one year ago; reports without a date are open. Dates are YYYY-MM-DD, `today` in
 * the server's calendar.
 */
export function fileAgeAllowed(plan: Plan, publishDate: string | null, today: string): boolean {
  if (!plan.file_age_limited || publishDate === null) return true;
  if (publishDate === today) return true;
  return publishDate < oneYearBefore(today);
}

/** The same calendar day one year earlier (29 February becomes 28 February). */
export function oneYearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y - 1}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * The first day a report refused by the file-age rule opens on a limited plan: the day after it
 * turns one year old (null when the rule does not refuse it today).
 */
export function fileAgeOpensAt(plan: Plan, publishDate: string | null, today: string): string | null {
  if (publishDate === null || fileAgeAllowed(plan, publishDate, today)) return null;
  // Every day before the report's first anniversary is refused: walk the few days from two days
  // before it (29 February moves it), not the whole year (a result list asks this of each report).
  const [y, m, d] = publishDate.split('-').map(Number) as [number, number, number];
  const nearlyAYear = dayOf(new Date(Date.UTC(y + 1, m - 1, d - 2)));
  let day = nextDay(nearlyAYear > publishDate ? nearlyAYear : publishDate);
  while (!fileAgeAllowed(plan, publishDate, day) || day <= today) day = nextDay(day);
  return day;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return dayOf(d);
}

/**
 * The digest a plan sends for the frequency a user chose: theirs when the plan offers it, off when
 * off, else weekly (a daily digest chosen on a paid plan that has since ended).
 */
export function digestFrequencyOn(
  plan: Plan,
  chosen: 'daily' | 'weekly' | 'off',
): 'daily' | 'weekly' | 'off' {
  if (chosen === 'off' || plan.digest_frequencies.includes(chosen)) return chosen;
  return 'weekly';
}
