import type { StockInformation } from '@rl/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { actionText, formatTarget, ratingText } from '../../company/research-text';
import { CompanyLink } from '../../company/company-link';
import { FollowButton } from '../../../../components/follow/follow-button';
import { FactSourceMark } from '../../../../components/fact-source/fact-source-mark';

/**
 * Companies the report covers (or, `mentioned`, an industry note only names): each one a short
 * block (company, rating with its action, target) rather than a table, so that it stays readable in
 * the narrow viewer of a phone.
 */
export function StockTable({
  stocks,
  mentioned = false,
}: {
  stocks: StockInformation[];
  mentioned?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="rl-viewer__stocks" data-testid={mentioned ? 'mentioned-companies' : 'stocks'}>
      <div className="rl-viewer__section-title">
        {mentioned ? t('viewer.details.mentioned') : t('viewer.details.stocks')}
      </div>
      <ul className="rl-viewer__stock-list">
        {stocks.map((stock, index) => (
          <StockRow key={`${stock.ticker ?? ''}-${index}`} stock={stock} />
        ))}
      </ul>
    </div>
  );
}

function StockRow({ stock }: { stock: StockInformation }) {
  const { t } = useTranslation();
  const rating = [
    ratingText(t, { rating: stock.rating, rating_normalised: stock.rating_normalised ?? null }),
    actionText(t, {
      rating_action: stock.rating_action ?? null,
      previous_rating: stock.previous_rating ?? null,
    }),
  ]
    .filter(Boolean)
    .join(' · ');
  const target = targetText(t, stock);
  const name = stock.company_name?.trim() || null;
  const sources = stock.sources ?? {};
  return (
    <li className="rl-viewer__stock" data-testid="stock-row">
      <div className="rl-viewer__stock-company">
        {stock.ticker ? (
          <span className="rl-viewer__followable">
            <CompanyLink ticker={stock.ticker} name={name} />
            <FollowButton target={{ kind: 'company', ticker: stock.ticker }} name={name ?? stock.ticker} />
            <FactSourceMark source={sources.ticker} testId="source-ticker" />
          </span>
        ) : (
          (name ?? t('common.notAvailable'))
        )}
      </div>
      {(rating || target) && (
        <div className="rl-viewer__stock-view">
          {rating && (
            <span>
              <span data-testid="stock-rating">{rating}</span>
              <FactSourceMark source={sources.rating ?? sources.rating_action} testId="source-rating" />
            </span>
          )}
          {target && (
            <span>
              <span data-testid="stock-target">{target}</span>
              <FactSourceMark source={sources.target_price} testId="source-target" />
            </span>
          )}
        </div>
      )}
    </li>
  );
}

/** The target with its currency and the one it replaces; the printed text when the value is unread. */
function targetText(t: TFunction, stock: StockInformation): string | null {
  const current =
    stock.target_price_value != null
      ? formatTarget(stock.target_price_value, stock.currency ?? null)
      : stock.target_price?.trim() || null;
  if (!current) return null;
  const previous =
    stock.previous_target_price != null
      ? t('researchSearch.result.previousTarget', { target: formatTarget(stock.previous_target_price, null) })
      : null;
  return [t('researchSearch.result.target', { target: current }), previous].filter(Boolean).join(' ');
}
