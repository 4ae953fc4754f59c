import type { RatingStep } from '@rl/contract/research-vocabulary';
import { RATING_STEPS } from '@rl/contract/research-vocabulary';
import { useTranslation } from 'react-i18next';
import { ratingLabel } from '../../../locale/research-labels';

/**
 * The brokers' latest ratings counted by step: one stacked bar, best step first, and the counts
 * in words under it (the bar alone says nothing to a screen reader).
 */
export function RatingDistribution({ counts }: { counts: Partial<Record<RatingStep, number>> }) {
  const { t } = useTranslation();
  const steps = RATING_STEPS.map((step) => ({ step, count: counts[step] ?? 0 }));
  const total = steps.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) {
    return <p className="rl-company__empty">{t('company.distribution.empty')}</p>;
  }
  return (
    <div className="rl-rating-distribution" data-testid="rating-distribution">
      <div className="rl-rating-distribution__caption">
        {t('company.distribution.caption', { count: total })}
      </div>
      <div className="rl-rating-distribution__bar" aria-hidden="true">
        {steps
          .filter(({ count }) => count > 0)
          .map(({ step, count }) => (
            <span
              key={step}
              className={`rl-rating-distribution__part rl-rating--${step}`}
              style={{ flexGrow: count }}
              title={t('company.distribution.item', { rating: ratingLabel(t, step), count })}
            >
              {count}
            </span>
          ))}
      </div>
      <ul className="rl-rating-distribution__legend">
        {steps.map(({ step, count }) => (
          <li key={step} className={count === 0 ? 'rl-rating-distribution__none' : undefined}>
            <span className={`rl-rating-distribution__swatch rl-rating--${step}`} aria-hidden="true" />
            {t('company.distribution.item', { rating: ratingLabel(t, step), count })}
          </li>
        ))}
      </ul>
    </div>
  );
}
