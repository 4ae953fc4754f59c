import {
  ERROR_CODES,
  STOCK_FACTS,
  type CompanyCorrection,
  type StockInformation,
  type StockSources,
} from '@rl/contract';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { EXCHANGE_CURRENCY, parseTicker } from '../../pdf/research/ticker.js';

type CompanyIn = z.output<typeof CompanyCorrection>;

/** The exchange a canonical ticker names by its suffix (`0700.HK` -> HK); null for a bare code. */
function exchangeOf(ticker: string): string | null {
  const at = ticker.lastIndexOf('.');
  const suffix = at > 0 ? ticker.slice(at + 1) : '';
  return suffix in EXCHANGE_CURRENCY ? suffix : null;
}

/**
 * A person's list of a note's companies as the stored `stock_information` entries. A ticker the
 * reader knows is written in its canonical form (`600519` -> `600519.SH`), another as given in
 * capitals. What the person did not give is empty; what they cannot give (the ticker as printed,
 * the company's sector) is kept from the reading's entry of the same company. A company given
 * twice is refused: the list would say two things of it.
 */
export function correctedCompanies(
  list: readonly CompanyIn[],
  read: readonly StockInformation[],
): StockInformation[] {
  const seen = new Set<string>();
  return list.map((c) => {
    const ticker = parseTicker(c.ticker)?.canonical ?? c.ticker.toUpperCase();
    if (seen.has(ticker)) throw new AppError(ERROR_CODES.validation, msg('companyTwice', { ticker }));
    seen.add(ticker);
    const known = read.find((s) => s.ticker === ticker);
    const value = c.target_price_value ?? null;
    const currency = c.currency ?? null;
    const entry: StockInformation = {
      ticker,
      company_name: c.company_name || null,
      rating: c.rating || null,
      target_price: value === null ? null : currency ? `${currency} ${value}` : String(value),
      printed_ticker: known?.printed_ticker ?? ticker,
      exchange: exchangeOf(ticker),
      rating_normalised: c.rating_normalised ?? null,
      rating_action: c.rating_action ?? null,
      previous_rating: c.previous_rating || null,
      target_price_value: value,
      currency,
      previous_target_price: c.previous_target_price ?? null,
      sector: known?.sector ?? null,
    };
    const sources = keptSources(entry, known);
    return sources ? { ...entry, sources } : entry;
  });
}

/**
 * The sources of the facts the person left as read: they checked them, so none stays unsure. A
 * fact they changed is theirs and printed nowhere.
 */
function keptSources(entry: StockInformation, read: StockInformation | undefined): StockSources | null {
  if (!read?.sources) return null;
  const kept: StockSources = {};
  for (const fact of STOCK_FACTS) {
    const source = read.sources[fact];
    // A target is compared by its value: a person's is stored without the printed currency mark.
    const key = fact === 'target_price' ? 'target_price_value' : fact;
    if (!source || (entry[key] ?? null) !== (read[key] ?? null)) continue;
    kept[fact] = { page: source.page, text: source.text };
  }
  return Object.keys(kept).length > 0 ? kept : null;
}
