import type { BrokerView } from '@rl/contract';
import type { TFunction } from 'i18next';
import { actionLabel, ratingLabel } from '../../../locale/research-labels';
import { formatNumber } from '../../../utils/format';

/** A target price with its currency code (`166 HKD`); the code is left out when unknown. */
export function formatTarget(value: number, currency: string | null): string {
  return currency ? `${formatNumber(value)} ${currency}` : formatNumber(value);
}

/**
 * A view's rating: the step of our scale, with the broker's own wording when it says something
 * else (`Outperform (Overweight)`); the printed word alone when it maps to no step.
 */
export function ratingText(
  t: TFunction,
  view: Pick<BrokerView, 'rating' | 'rating_normalised'>,
): string | null {
  const printed = view.rating?.trim() || null;
  if (!view.rating_normalised) return printed;
  const step = ratingLabel(t, view.rating_normalised);
  return printed && printed.toLowerCase() !== step.toLowerCase() ? `${step} (${printed})` : step;
}

/** A view's action, with the rating it moved from when the note prints it (`Upgrade · from Hold`). */
export function actionText(
  t: TFunction,
  view: Pick<BrokerView, 'rating_action' | 'previous_rating'>,
): string | null {
  if (!view.rating_action) return null;
  const action = actionLabel(t, view.rating_action);
  const previous = view.previous_rating?.trim();
  return previous && view.rating_action !== 'initiate'
    ? `${action} · ${t('company.views.fromRating', { rating: previous })}`
    : action;
}
