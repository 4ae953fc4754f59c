import {
  ERROR_CODES,
  MONTHLY_REASONS,
  PLANS,
  UNLIMITED,
  type Plan,
  type UsageType,
  type WallReason,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg, type Message } from '../../messages/message.js';
import type { MessageKey } from '../../messages/catalogue.js';

/**
 * The refusals of plans and quotas: each names its reason (the contract's WALL_REASONS) and the
 * numbers behind it, so the web can say which limit was hit and when it lifts.
 */

/** The start (UTC) of the next day or month after `now`: when a counter of that period starts again. */
export function renewsAt(period: 'day' | 'month', now: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

const FREE_MONTHLY: Partial<Record<UsageType, MessageKey>> = {
  report: 'wallMonthlyReportFree',
  search: 'wallMonthlySearchFree',
  chat: 'wallMonthlyChatFree',
  abstract: 'wallMonthlyAbstractFree',
  translate: 'wallMonthlyTranslateFree',
};
const PAID_MONTHLY: Partial<Record<UsageType, MessageKey>> = {
  translate: 'wallMonthlyTranslatePaid',
  download: 'wallMonthlyDownloadPaid',
};

/** 403 quota_exceeded: `plan`'s `limit` of `type` over `period` is spent at `now`. */
export function quotaSpent(
  plan: Plan,
  type: UsageType,
  limit: { count: number; period: 'month' | 'day' | 'total' },
  now: Date,
): AppError {
  const renews = limit.period === 'total' ? null : renewsAt(limit.period, now);
  // Uploads are counted by files held (uploadCountSpent); a counter of them is the same wall.
  const reason: WallReason =
    type === 'upload' ? 'upload_count' : limit.period === 'day' ? 'daily_downloads' : MONTHLY_REASONS[type];
  const date = renews?.toISOString().slice(0, 10) ?? '';
  let message: Message;
  if (limit.period === 'day') {
    message = msg('wallDailyDownloads', { limit: limit.count, renews: `${date} 00:00` });
  } else {
    const paid = PLANS.paid_v0.limits[type].count;
    const key = (plan.id === 'trial' ? FREE_MONTHLY[type] : PAID_MONTHLY[type]) ?? 'wallMonthlyOtherPaid';
    message = msg(key, { limit: limit.count, renews: date, paid: paid === UNLIMITED ? '∞' : paid });
  }
  return new AppError(ERROR_CODES.quotaExceeded, message, {
    reason,
    limit: limit.count,
    used: limit.count,
    ...(renews && { renews_at: renews.toISOString() }),
  });
}

/** 403 quota_exceeded when a user holds as many uploads as the plan allows (`held` of them). */
export function uploadCountSpent(plan: Plan, held: number): AppError {
  const message =
    plan.id === 'trial'
      ? msg('wallUploadCountFree', {
          limit: plan.upload_max_files,
          paid: PLANS.paid_v0.upload_max_files,
        })
      : msg('wallUploadCountPaid', { limit: plan.upload_max_files });
  return new AppError(ERROR_CODES.quotaExceeded, message, {
    reason: 'upload_count',
    limit: plan.upload_max_files,
    used: held,
  });
}

/** 403 file_age_blocked: the free plan's file-age rule, with the day the report opens. */
export function fileAgeRefusal(opensAt: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError(ERROR_CODES.fileAgeBlocked, msg('wallFileAge', { opens: opensAt }), {
    reason: 'file_age',
    opens_at: opensAt,
    ...extra,
  });
}

/** 403 plan_required: a feature the viewer's plan does not offer. */
export const notOffered = (message: Message): AppError =>
  new AppError(ERROR_CODES.planRequired, message, { reason: 'plan_feature' });
