import { RATING_ACTIONS, RATING_STEPS, type RatingAction, type RatingStep } from '@rl/contract';
import type { StockInformation } from '@rl/contract';

/**
 * The queryable form of a note's research data (its `stock_information` JSON): one row per
 * company it covers, and the rating and action of the note itself, which only a note on one
 * company has (an industry note prints a rating per company, not one of its own).
 */

export interface CompanyRow {
  position: number;
  ticker: string;
  company_name: string;
  rating: string | null;
  rating_normalised: RatingStep | null;
  rating_action: RatingAction | null;
  previous_rating: string | null;
  target_price: number | null;
  currency: string | null;
  previous_target_price: number | null;
}

export const oneOf = <T extends string>(values: readonly T[], v: unknown): T | null =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : null;
const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** The stored JSON list as company rows: entries without a ticker are left out, a repeated ticker once. */
export function companyRows(stockInformationJson: string): CompanyRow[] {
  let list: unknown;
  try {
    list = JSON.parse(stockInformationJson || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const rows: CompanyRow[] = [];
  for (const item of list as Partial<StockInformation>[]) {
    const ticker = textOrNull(item?.ticker)?.trim();
    if (!ticker || seen.has(ticker)) continue;
    seen.add(ticker);
    rows.push({
      position: rows.length,
      ticker,
      company_name: textOrNull(item.company_name) ?? '',
      rating: textOrNull(item.rating),
      rating_normalised: oneOf(RATING_STEPS, item.rating_normalised),
      rating_action: oneOf(RATING_ACTIONS, item.rating_action),
      previous_rating: textOrNull(item.previous_rating),
      target_price: numberOrNull(item.target_price_value),
      currency: textOrNull(item.currency),
      previous_target_price: numberOrNull(item.previous_target_price),
    });
  }
  return rows;
}

/** The note's own rating and action: its company's when it covers exactly one. */
export function noteRating(rows: readonly CompanyRow[]): {
  rating: RatingStep | null;
  rating_action: RatingAction | null;
} {
  const only = rows.length === 1 ? rows[0] : undefined;
  return { rating: only?.rating_normalised ?? null, rating_action: only?.rating_action ?? null };
}
