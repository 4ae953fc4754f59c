import type { DemoStock } from './types.js';

/**
 * How a company note stands on its stock: a favourite (Buy), positive (Overweight) or cautious
 * (Neutral or below). A note that has just downgraded the stock is never a favourite's.
 */
export type Stance = 'favourite' | 'positive' | 'cautious';

export function stockStance(stock: DemoStock): Stance {
  if (stock.ratingStep === 'buy' && stock.action !== 'downgrade') return 'favourite';
  return stock.ratingStep === 'outperform' ? 'positive' : 'cautious';
}

/** Sentences that call the covered company ({co}) a top pick or prefer it to a peer. */
const TOP_PICK = /top pick is \{co\}|首推\{co\}/i;
const PREFERRED = /prefer \{co\}|更看好\{co\}/i;

/** Whether a note of this stance may print the template: no top pick unless a favourite, no preference when cautious. */
export function fitsStance(template: string, stance: Stance): boolean {
  if (TOP_PICK.test(template)) return stance === 'favourite';
  if (PREFERRED.test(template)) return stance !== 'cautious';
  return true;
}
