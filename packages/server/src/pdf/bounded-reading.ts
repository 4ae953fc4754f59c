import {
  COMPANY_NAME_MAX,
  ISSUER_NAME_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_TAG_MAX,
  MY_FILE_TAGS_MAX,
  MY_FILE_TITLE_MAX,
  RATING_LABEL_MAX,
  REPORT_KEYWORD_MAX,
  REPORT_KEYWORDS_MAX,
  RESEARCH_COMPANIES_MAX,
  TICKER_MAX,
} from '@rl/contract';
import type { StockInformation } from './stock-info.js';

/**
 * What a document may make us store, whatever it holds: a PDF's info dictionary and its pages are
 * written by whoever made the file, so a /Title of megabytes or 60,000 /Author names must end as a
 * title and an analyst list of the sizes a person could type in the edit forms (the same limits).
 */

/** An info dictionary string is cut to this before it is read: no title or name is longer. */
export const INFO_TEXT_MAX = 4_000;
/** A printed label of a company (its tickers as printed, its exchange). */
const PRINTED_TICKER_MAX = 100;
const EXCHANGE_MAX = 8;
const CURRENCY_MAX = 8;
const REGISTRATION_MAX = 40;

/**
 * `text` cut to at most `max` characters, with an ellipsis when something was cut; never half of
 * a surrogate pair.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** At most `count` entries, each cut to `max`, empty ones dropped. */
export function boundedList(list: readonly string[], count: number, max: number): string[] {
  const out: string[] = [];
  for (const item of list) {
    if (out.length >= count) break;
    const cut = cutText(item.trim(), max);
    if (cut !== '') out.push(cut);
  }
  return out;
}

const cutOrNull = (text: string | null | undefined, max: number): string | null =>
  text === null || text === undefined ? null : cutText(text, max);

/** A note's companies as they may be stored: at most the edit calls' count, every label bounded. */
export function boundedStocks(stocks: readonly StockInformation[]): StockInformation[] {
  return stocks.slice(0, RESEARCH_COMPANIES_MAX).map((s) => ({
    ...s,
    ticker: cutOrNull(s.ticker, TICKER_MAX),
    company_name: cutOrNull(s.company_name, COMPANY_NAME_MAX),
    rating: cutOrNull(s.rating, RATING_LABEL_MAX),
    target_price: cutOrNull(s.target_price, RATING_LABEL_MAX),
    ...(s.printed_ticker !== undefined
      ? { printed_ticker: cutOrNull(s.printed_ticker, PRINTED_TICKER_MAX) }
      : {}),
    ...(s.exchange !== undefined ? { exchange: cutOrNull(s.exchange, EXCHANGE_MAX) } : {}),
    ...(s.previous_rating !== undefined
      ? { previous_rating: cutOrNull(s.previous_rating, RATING_LABEL_MAX) }
      : {}),
    ...(s.currency !== undefined ? { currency: cutOrNull(s.currency, CURRENCY_MAX) } : {}),
  }));
}

/** The fields of a reading that come from the document, bounded as the edit forms bound them. */
export interface ReadFields {
  title: string;
  issuer: string;
  authors: string[];
  authorRegistrations: Record<string, string>;
  tags: string[];
  keywords: string[];
  stockInformation: StockInformation[];
  mentionedCompanies?: StockInformation[];
}

export function boundedReading<T extends ReadFields>(meta: T): T {
  const authors = boundedList(meta.authors, MY_FILE_AUTHORS_MAX, MY_FILE_AUTHOR_MAX);
  const registrations = Object.entries(meta.authorRegistrations)
    .filter(([name]) => authors.includes(name))
    .map(([name, number]) => [name, cutText(number, REGISTRATION_MAX)]);
  return {
    ...meta,
    title: cutText(meta.title, MY_FILE_TITLE_MAX),
    issuer: cutText(meta.issuer, ISSUER_NAME_MAX),
    authors,
    authorRegistrations: Object.fromEntries(registrations),
    tags: boundedList(meta.tags, MY_FILE_TAGS_MAX, MY_FILE_TAG_MAX),
    keywords: boundedList(meta.keywords, REPORT_KEYWORDS_MAX, REPORT_KEYWORD_MAX),
    stockInformation: boundedStocks(meta.stockInformation),
    ...(meta.mentionedCompanies ? { mentionedCompanies: boundedStocks(meta.mentionedCompanies) } : {}),
  };
}
