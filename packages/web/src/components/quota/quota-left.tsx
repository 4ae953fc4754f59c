import {
  DOWNLOAD_QUOTA_KEYS,
  QUOTA_KEYS,
  UNLIMITED,
  type DownloadQuotaKey,
  type QuotaKey,
  type UsageType,
} from '@rl/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryScope } from '../../api/query-scope';
import { userKeys } from '../../api/user-api';
import { useFormatters } from '../../utils/use-formatters';
import { useQuota } from './use-quota';
import './quota-left.css';

/** A count's name in the messages (`account.quota.*`). */
export type QuotaName = QuotaKey | DownloadQuotaKey;

/**
 * The counts a kind shows: downloads say what is left of the day and of the month (either may be
 * the one that runs out first); a server that does not say them shows the lesser of the two.
 */
export function shownKeys(kind: UsageType, quota: Record<string, number> = {}): QuotaName[] {
  if (kind !== 'download') return [QUOTA_KEYS[kind]];
  const periods: QuotaName[] = [DOWNLOAD_QUOTA_KEYS.day, DOWNLOAD_QUOTA_KEYS.month];
  return periods.some((key) => quota[key] !== undefined) ? periods : [QUOTA_KEYS.download];
}

export interface QuotaLeftProps {
  /** The quotas spent where this is shown. */
  kinds: UsageType[];
  /** Changes each time one of them may have been spent: the count is asked again then. */
  spent?: unknown;
}

/**
 * What is left of the quotas spent on this screen ("Searches left: 12"), so a limit is seen before
 * it is met; unlimited ones say nothing.
 */
export function QuotaLeft({ kinds, spent }: QuotaLeftProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const quota = useQuota();
  const queryClient = useQueryClient();
  // Asked again only when `spent` moves from the value it had: mounting fetches it anyway.
  const seen = useRef(spent);
  useEffect(() => {
    if (Object.is(seen.current, spent)) return;
    seen.current = spent;
    void queryClient.invalidateQueries({ queryKey: userKeys.quota });
  }, [spent, queryClient]);

  const left = kinds
    .flatMap((kind) => shownKeys(kind, quota))
    .map((key) => ({ key, value: quota[key] }))
    .filter(
      (entry): entry is { key: QuotaName; value: number } =>
        entry.value !== undefined && entry.value !== UNLIMITED,
    );
  if (left.length === 0) return null;
  return (
    <span className="rl-quota-left" data-testid="quota-left">
      {left.map(({ key, value }) => (
        <span key={key} data-quota={key} className={value === 0 ? 'rl-quota-left--spent' : undefined}>
          {t('quota.left', { name: t(`account.quota.${key}`), left: format.number(value) })}
        </span>
      ))}
    </span>
  );
}

/** The same inside its own data cache, for screens that load TanStack Query lazily (lazy-quota-left). */
export default function QuotaLeftInScope(props: QuotaLeftProps) {
  return (
    <QueryScope>
      <QuotaLeft {...props} />
    </QueryScope>
  );
}
