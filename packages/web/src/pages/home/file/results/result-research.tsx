import type { ListResearch } from '@rl/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabel, ratingLabel } from '../../../../locale/research-labels';
import { formatTarget } from '../../company/research-text';
import { CompanyLink } from '../../company/company-link';

/**
 * A company note's company, rating with its action, and target: one compact line under the meta.
 * `companyFollow` sits right after the company (the result list's follow toggle).
 */
export function ResultResearch({
  research,
  companyFollow,
}: {
  research: ListResearch;
  companyFollow?: ReactNode;
}) {
  const { t } = useTranslation();
  const rating =
    research.rating?.trim() ||
    (research.rating_normalised ? ratingLabel(t, research.rating_normalised) : null);
  const previous = research.previous_rating?.trim();
  const action = research.rating_action
    ? [
        actionLabel(t, research.rating_action),
        previous && research.rating_action !== 'initiate'
          ? t('researchSearch.result.fromRating', { rating: previous })
          : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;
  const target =
    research.target_price != null
      ? [
          t('researchSearch.result.target', {
            target: formatTarget(research.target_price, research.currency),
          }),
          research.previous_target_price != null
            ? t('researchSearch.result.previousTarget', {
                target: formatTarget(research.previous_target_price, null),
              })
            : null,
        ]
          .filter(Boolean)
          .join(' ')
      : null;
  const ratingText = [rating, action].filter(Boolean).join(' · ');
  if (!research.ticker && !ratingText && !target) return null;
  return (
    <div className="rl-result__research" data-testid="result-research">
      {research.ticker && (
        <span className="rl-result__company">
          <CompanyLink nested ticker={research.ticker} name={research.company_name} />
          {companyFollow}
        </span>
      )}
      {ratingText && <span data-testid="result-rating">{ratingText}</span>}
      {target && <span data-testid="result-target">{target}</span>}
    </div>
  );
}
