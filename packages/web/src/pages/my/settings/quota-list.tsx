import { DOWNLOAD_QUOTA_KEYS, PLANS, UNLIMITED, USAGE_TYPES, type PlanId } from '@rl/contract/constants';
import { useTranslation } from 'react-i18next';
import { shownKeys, type QuotaName } from '../../../components/quota/quota-left';
import { useQuota } from '../../../components/quota/use-quota';
import { useFormatters } from '../../../utils/use-formatters';

/** A remaining quota: -1 means unlimited and shows as infinity. */
function quotaText(value: number, formatNumber: (value: number) => string): string {
  return value === UNLIMITED ? '∞' : formatNumber(value);
}

/** The plan's limit behind a download count: the day's or the month's (UNLIMITED: none). */
function downloadLimit(plan: PlanId, key: QuotaName): number | null {
  const { daily_downloads: daily, limits } = PLANS[plan];
  if (key === DOWNLOAD_QUOTA_KEYS.day) return limits.download.count === 0 ? 0 : daily || UNLIMITED;
  if (key === DOWNLOAD_QUOTA_KEYS.month) return limits.download.count;
  return null;
}

/** The remaining uses per quota; downloads per day and per month, each with the plan's limit. */
export function QuotaList({ plan }: { plan: PlanId }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const quota = useQuota();
  const value = (key: QuotaName, left: number) => {
    const limit = downloadLimit(plan, key);
    if (limit === 0) return t('account.quota.notOnPlan');
    if (limit === null || limit === UNLIMITED) return quotaText(left, format.number);
    return t('account.quota.ofLimit', { left: format.number(left), limit: format.number(limit) });
  };
  return (
    <ul className="rl-quota-list" data-testid="quota-list">
      {USAGE_TYPES.flatMap((type) => shownKeys(type, quota))
        .filter((key) => quota[key] !== undefined)
        .map((key) => (
          <li key={key} data-quota={key}>
            <span>{t(`account.quota.${key}`)}</span>
            <strong>{value(key, quota[key]!)}</strong>
          </li>
        ))}
    </ul>
  );
}
