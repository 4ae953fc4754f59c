import { FolderOpenOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlanCard } from '../../../components/plans/plan-card';
import '../../../components/plans/plans.css';
import { useSubscriptionModalStore } from '../../../stores/subscription-modal-store';

/** In place of collections on the free plan: what the institutional plan offers, and Subscribe. */
export function CollectionsOffer() {
  const { t } = useTranslation();
  const openPlans = useSubscriptionModalStore((s) => s.open);
  return (
    <div className="rl-collections-offer" data-testid="collections-offer">
      <Result
        icon={<FolderOpenOutlined />}
        title={t('library.collection.offer.title')}
        subTitle={t('library.collection.offer.body')}
      />
      <div className="rl-collections-offer__plan">
        <PlanCard planId="paid_v0" current={false} onSubscribe={() => openPlans()} />
      </div>
    </div>
  );
}
