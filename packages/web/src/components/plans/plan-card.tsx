import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { PLANS, type PlanId } from '@rl/contract/constants';
import { Button, Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../utils/use-formatters';
import { planFeatureLines } from './plan-features';

interface PlanCardProps {
  planId: PlanId;
  current: boolean;
  onSubscribe(planId: PlanId): void;
}

/**
 * One plan: name, price, introduction, feature list, and its button: Subscribe, or for the
 * user's own paid plan Renew (the free plan has nothing to renew).
 */
export function PlanCard({ planId, current, onSubscribe }: PlanCardProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const renewable = current && PLANS[planId].price_cny > 0;
  return (
    <Card
      className={current ? 'rl-plan-card rl-plan-card--current' : 'rl-plan-card'}
      data-testid={`plan-${planId}`}
    >
      <h2 className="rl-plan-card__name">
        {t(`plan.name.${planId}`)}
        {renewable && (
          <Tag color="blue" className="rl-plan-card__current">
            {t('plan.current')}
          </Tag>
        )}
      </h2>
      <div className="rl-plan-card__price">
        {t('plan.price', { price: format.number(PLANS[planId].price_cny) })}
      </div>
      <p className="rl-plan-card__intro">{t(`plan.intro.${planId}`)}</p>
      <ul className="rl-plan-card__features">
        {planFeatureLines(planId, t, format).map(({ text, included }) => (
          <li key={text} data-included={included}>
            {included ? (
              <CheckOutlined aria-hidden />
            ) : (
              <CloseOutlined aria-hidden style={{ color: 'var(--ant-color-text-tertiary, #86909c)' }} />
            )}{' '}
            {text}
          </li>
        ))}
      </ul>
      <Button
        block
        type={current && !renewable ? 'default' : 'primary'}
        disabled={current && !renewable}
        onClick={() => onSubscribe(planId)}
        data-testid={`plan-${planId}-button`}
      >
        {renewable ? t('plan.renew') : current ? t('plan.current') : t('plan.subscribe')}
      </Button>
    </Card>
  );
}
