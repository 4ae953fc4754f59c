import { PLAN_IDS, PLANS, type PlanId } from '@rl/contract/constants';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user-store';
import { PlanCard } from './plan-card';
import './plans.css';

/**
 * The plans from the user's own upwards, with the introduction; the user's plan is marked. A
 * plan below the user's is never offered: a paid user at a limit would only lose by it.
 */
export function PlanCards({ onSubscribe }: { onSubscribe(planId: PlanId): void }) {
  const { t } = useTranslation();
  // Visitors get the free plan's rules.
  const currentPlan = useUserStore((s) => s.user?.plan ?? 'trial');
  const floor = PLANS[currentPlan].price_cny;
  const offered = PLAN_IDS.filter((planId) => PLANS[planId].price_cny >= floor);
  return (
    <div className="rl-plans" data-testid="plan-cards">
      <p className="rl-plans__intro">{t('plan.introduction')}</p>
      <div className={offered.length > 1 ? 'rl-plans__grid' : 'rl-plans__grid rl-plans__grid--one'}>
        {offered.map((planId) => (
          <PlanCard key={planId} planId={planId} current={planId === currentPlan} onSubscribe={onSubscribe} />
        ))}
      </div>
    </div>
  );
}
