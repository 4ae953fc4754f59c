import { QUOTA_KEYS, UNLIMITED, USAGE_TYPES } from '@rl/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../../api/user-api';
import { useUserStore } from '../../../stores/user-store';
import { useFormatters } from '../../../utils/use-formatters';

/** A remaining quota: -1 means unlimited and shows as infinity. */
function quotaText(value: number, formatNumber: (value: number) => string): string {
  return value === UNLIMITED ? '∞' : formatNumber(value);
}

/** The remaining uses per quota, fresh from /api/user/quota (the user info's copy meanwhile). */
export function QuotaList() {
  const { t } = useTranslation();
  const format = useFormatters();
  const fromUser = useUserStore((s) => s.user?.quota);
  const { data } = useQuery({
    queryKey: ['user', 'quota'],
    queryFn: ({ signal }) => userApi.quota({ signal }),
  });
  const quota = data ?? fromUser ?? {};
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
