import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlanCards } from '../../components/plans/plan-cards';
import { useToast } from '../../components/toast/toast-context';

/** /subscription (login required): the plans, the current one marked. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <Card title={t('plan.title')} className="rl-subscription-page" data-testid="subscription-page">
      <PlanCards onSubscribe={() => void toast.info(t('plan.contactAdmin'))} />
    </Card>
  );
}
