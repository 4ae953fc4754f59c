import type { UserInfo } from '@rl/contract';
import { useTranslation } from 'react-i18next';

/**
 * An account's plan as its menu and settings name it. An administrator is on a plan like anyone
 * (its limits apply when they read, search or download): the label says the plan and the role, so
 * an administrator is not mistaken for a free user, nor thought to have no limits.
 */
export function usePlanLabel() {
  const { t } = useTranslation();
  return (user: Pick<UserInfo, 'plan' | 'role'>): string => {
    const plan = t(`plan.name.${user.plan}`);
    return user.role.includes('admin') ? t('plan.name.admin', { plan }) : plan;
  };
}
