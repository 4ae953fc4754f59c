import type { BrokerView } from '@rl/contract';
import { RATING_STEPS, type RatingAction, type RatingStep } from '@rl/contract/research-vocabulary';

/** How a view moved its broker's rating: what the chart marks and the table names. */
export type ViewMark = RatingAction | 'none';

/** ECharts symbols per mark: the shape tells the move without relying on colour. */
export const MARK_SYMBOLS: Record<ViewMark, { symbol: string; size: number; rotate: number }> = {
  initiate: { symbol: 'diamond', size: 14, rotate: 0 },
  upgrade: { symbol: 'triangle', size: 14, rotate: 0 },
  downgrade: { symbol: 'triangle', size: 14, rotate: 180 },
  maintain: { symbol: 'circle', size: 7, rotate: 0 },
  none: { symbol: 'circle', size: 7, rotate: 0 },
};

const stepIndex = (step: RatingStep) => RATING_STEPS.indexOf(step);

/**
 * A view's move: the printed action when the note states one, else what its normalised rating
 * says against the same broker's view before it (a note rarely prints "maintain").
 */
export function markOf(view: BrokerView, previous: BrokerView | undefined): ViewMark {
  if (view.rating_action) return view.rating_action;
  const now = view.rating_normalised;
  const before = previous?.rating_normalised;
  if (!now || !before || now === before) return previous ? 'maintain' : 'none';
  return stepIndex(now) < stepIndex(before) ? 'upgrade' : 'downgrade';
}

/** The views grouped by broker, each group in the order given (the history is oldest first). */
export function viewsByBroker(history: readonly BrokerView[]): Map<string, BrokerView[]> {
  const groups = new Map<string, BrokerView[]>();
  for (const view of history) {
    const group = groups.get(view.issuer);
    if (group) group.push(view);
    else groups.set(view.issuer, [view]);
  }
  return groups;
}
