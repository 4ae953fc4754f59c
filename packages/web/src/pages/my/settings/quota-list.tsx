import { QUOTA_KEYS, UNLIMITED, USAGE_TYPES } from '@rl/contract/constants';
import { useTranslation } from 'react-i18next';
import { useQuota } from '../../../components/quota/use-quota';
import { useFormatters } from '../../../utils/use-formatters';

/** A remaining quota: -1 means unlimited and shows as infinity. */
function quotaText(value: number, formatNumber: (value: number) => string): string {
  return value === UNLIMITED ? '∞' : formatNumber(value);
}

/** The remaining uses per quota. */
export function QuotaList() {
  const { t } = useTranslation();
  const format = useFormatters();
  const quota = useQuota();
  return (
    <ul className="rl-quota-list" data-testid="quota-list">
      {USAGE_TYPES.map((type) => QUOTA_KEYS[type])
        .filter((key) => quota[key] !== undefined)
        .map((key) => (
          <li key={key} data-quota={key}>
            <span>{t(`account.quota.${key}`)}</span>
            <strong>{quotaText(quota[key]!, format.number)}</strong>
          </li>
        ))}
    </ul>
  );
}
