import type { UserInfo } from '@rl/contract';
import { Button, Card, Descriptions, Space, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanLabel } from '../../../components/plans/use-plan-label';
import { useSubscriptionModalStore } from '../../../stores/subscription-modal-store';
import { useFormatters } from '../../../utils/use-formatters';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangeMobileDialog } from './change-mobile-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { QuotaList } from './quota-list';

type Dialog = 'email' | 'mobile' | 'password' | null;

/** Username, e-mail, mobile, password, plan with its expiry and renewal, remaining quotas. */
export function AccountSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const openPlans = useSubscriptionModalStore((s) => s.open);
  const planLabel = usePlanLabel();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const mobileTitle = user.phone ? t('account.mobile.change') : t('account.mobile.bind');
  const action = (label: string, which: Dialog) => (
    <Button size="small" onClick={() => setDialog(which)} data-testid={`account-${which}`}>
      {label}
    </Button>
  );
  const line = (value: string, button: React.ReactNode) => (
    <Space wrap>
      <span>{value}</span>
      {button}
    </Space>
  );
  const expiry =
    user.plan === 'trial'
      ? t('common.notAvailable')
      : (format.date(user.user_level_expire_time) ?? t('account.plan.noExpiry'));
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('account.username'), children: user.username },
    {
      key: 'email',
      label: t('account.email'),
      children: line(user.email ?? t('account.email.none'), action(t('account.email.replace'), 'email')),
    },
    {
      key: 'mobile',
      label: t('account.mobile'),
      children: line(
        user.phone ? `+${user.phone_country_code ?? ''} ${user.phone}` : t('account.mobile.none'),
        action(mobileTitle, 'mobile'),
      ),
    },
    {
      key: 'password',
      label: t('account.password'),
      children: line('••••••••', action(t('account.password.change'), 'password')),
    },
    {
      key: 'plan',
      label: t('account.plan'),
      children: <span data-testid="account-plan">{planLabel(user)}</span>,
    },
    {
      key: 'expiry',
      label: t('account.plan.expiry'),
      children: line(
        expiry,
        <Button size="small" type="primary" onClick={openPlans} data-testid="renew-plan">
          {t('account.plan.renew')}
        </Button>,
      ),
    },
    { key: 'quota', label: t('account.quota'), children: <QuotaList plan={user.plan} /> },
  ];
  return (
    <Card title={t('account.section.account')} data-testid="account-section">
      <Descriptions column={1} items={items} />
      {dialog === 'email' && <ChangeEmailDialog onClose={close} />}
      {dialog === 'mobile' && <ChangeMobileDialog title={mobileTitle} onClose={close} />}
      {dialog === 'password' && <ChangePasswordDialog onClose={close} />}
    </Card>
  );
}
