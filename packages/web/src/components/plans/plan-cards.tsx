import { PLAN_IDS, type PlanId } from '@rl/contract/constants';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user-store';
import { PlanCard } from './plan-card';
import './plans.css';

/** The free and institutional plans side by side, with the introduction; the user's plan is marked. */
export function PlanCards({ onSubscribe }: { onSubscribe(planId: PlanId): void }) {
  const { t } = useTranslation();
  // Visitors get the free plan's rules.
  const currentPlan = useUserStore((s) => s.user?.plan ?? 'trial');
  return (
    <div className="rl-plans" data-testid="plan-cards">
      <p className="rl-plans__intro">{t('plan.introduction')}</p>
      <div className="rl-plans__grid">
        {PLAN_IDS.map((planId) => (
          <PlanCard key={planId} planId={planId} current={planId === currentPlan} onSubscribe={onSubscribe} />
        ))}
      </div>
    </div>
  );
}
