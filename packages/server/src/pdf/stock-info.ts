import type { RatingAction, RatingStep, ReportType, SectorId, StockSources } from '@rl/contract';
import { printedAt, sourceAt, unsureOf, type FactSource } from './fact-source.js';
import type { DocumentIdentity } from './identify-document.js';
import { coverTextLines, headlineLines, largestLines } from './research/cover-text-lines.js';
import { findCoverRating } from './research/cover-rating.js';
import {
  findCoverTickers,
  findHeadlineCompanies,
  findListedSymbol,
  type CoveredCompany,
} from './research/cover-tickers.js';
import { normaliseRating } from './research/rating-vocabulary.js';
import { readSector } from './research/sector.js';
import { findCoverTarget, markedAmounts, parseAmount, type Amount } from './research/target-price.js';
import { aShareExchange, EXCHANGE_CURRENCY } from './research/ticker.js';
import type { PageLayout } from './types.js';

export interface StockInformation {
  /** Canonical (`0700.HK`, `600519.SH`) for research notes; SEC filings and releases keep the bare symbol. */
  ticker: string | null;
  company_name: string | null;
  /** As printed: `Overweight`, `买入`. */
  rating: string | null;
  /** As printed: `HK$690.00`, `166港元`. */
  target_price: string | null;
  printed_ticker?: string | null;
  exchange?: string | null;
  rating_normalised?: RatingStep | null;
  rating_action?: RatingAction | null;
  previous_rating?: string | null;
  target_price_value?: number | null;
  currency?: string | null;
  previous_target_price?: number | null;
  sector?: SectorId | null;
  /** Where each fact was printed (fact-source.ts). */
  sources?: StockSources;
}

const RATINGS = '买入|增持|持有|中性|减持|卖出|强烈推荐|谨慎推荐|推荐|审慎增持|优于大市|跑赢行业|同步大市';

/** The listed company a document is about, with the broker's view when it is a broker note. */
export function findStockInformation(
  pages: readonly string[],
  identity: DocumentIdentity,
  layout?: readonly PageLayout[],
): StockInformation[] {
  const head = pages.slice(0, 12).join('\n');
  const firstPage = pages[0] ?? '';
  const stock = (ticker: string | null, company_name: string | null): StockInformation[] =>
    ticker || company_name ? [{ ticker, company_name, rating: null, target_price: null }] : [];

  switch (identity.kind) {
    case 'sec_filing': {
      // The row of the common stock in the cover's "Trading Symbol(s)" table.
      const row =
        /^(?:Common|Ordinary)\s+(?:[Ss]tock|[Ss]hares)\b.*?\s([A-Z]{1,5}(?:\.[A-Z])?)\s+(?:The\s+)?(?:New York Stock Exchange|Nasdaq|NASDAQ|NYSE)/m;
      return stock(row.exec(head)?.[1] ?? null, identity.issuer);
    }
    case 'press_release':
      return stock(
        /\((?:NYSE|Nasdaq|NASDAQ)\s*:\s*([A-Z.]{1,6})\)/.exec(firstPage)?.[1] ?? null,
        identity.issuer,
      );
    case 'cn_company_report': {
      const code = /(?:公司|证券|股票)代码\s*[:：]\s*(\d{6})/.exec(head)?.[1];
      const name = /(?:公司|证券|股票)简称\s*[:：]\s*([\u4e00-\u9fffA-Z*]{2,10})/.exec(head)?.[1] ?? null;
      return stock(code ? withExchange(code) : null, name);
    }
    case 'broker_note': {
      const found = researchNote(pages, layout);
      return found.length > 0 ? found : chineseBrokerNote(firstPage);
    }
    default:
      return researchNote(pages, layout);
  }
}

/**
 * The sector of a company or industry note: its company's, else what its cover and first pages
 * name (an industry note prints no ticker of its own). Other documents have none.
 */
export function noteSector(
  pages: readonly string[],
  reportType: ReportType,
  stocks: readonly StockInformation[],
): { sector: SectorId; source: FactSource | null } | null {
  const ofStock = stocks.find((s) => s.sector);
  if (ofStock?.sector) return { sector: ofStock.sector, source: ofStock.sources?.sector ?? null };
  if (reportType !== 'company' && reportType !== 'industry') return null;
  return sectorRead(pages);
}

/** The sector a note's cover names (or its opening pages discuss most: unsure), with where. */
function sectorRead(pages: readonly string[]): { sector: SectorId; source: FactSource | null } | null {
  const read = readSector(coverTextLines(pages[0] ?? ''), pages.slice(0, 2).join('\n'));
  if (!read) return null;
  return {
    sector: read.sector,
    source: 'line' in read ? sourceAt(1, read.line) : printedAt(pages, read.word, [1, 2], true),
  };
}

/**
 * A company or industry note, English or Chinese: the companies its cover is about and, when it is
 * about one, the rating, action and target price its rating box (or headline) prints.
 */
function researchNote(
  pages: readonly string[],
  layout: readonly PageLayout[] | undefined,
): StockInformation[] {
  const firstPage = pages[0] ?? '';
  const lines = coverTextLines(firstPage);
  let companies = findCoverTickers(lines);
  // A headline's companies have their tickers beside their names on the first pages (a disclosure
  // block "Zentra Power (300999.SZ; Rmb81.27; 1; …)" may come on page 2).
  if (companies.length === 0)
    companies = findHeadlineCompanies(pages.slice(0, 3).join('\n'), headlineLines(firstPage, layout?.[0]));
  if (companies.length === 0) companies = findListedSymbol(firstPage, largestLines(layout?.[0]));
  if (companies.length === 0) return [];
  const sector = sectorRead(pages);
  // One company: the cover's rating box is about it. Several: no single rating is printed.
  const only = companies.length === 1 ? companies[0] : undefined;
  const rating = only ? findCoverRating(lines) : null;
  const target = only ? findCoverTarget(lines) : null;
  const opening = pages.slice(0, 3).join('\n');
  return companies.map((company) => {
    const currency = target?.target ? targetCurrency(target.target, company, opening) : null;
    const named = companyName(company, lines, only ? layout?.[0] : undefined);
    const tickerSource = company.line
      ? sourceAt(1, company.line)
      : printedAt(pages, company.printed[0] ?? company.ticker.canonical, [1, 2, 3]);
    const sources = present({
      ticker: tickerSource,
      company_name: named?.source,
      rating: rating?.sources.rating,
      rating_normalised: rating?.step ? rating.sources.rating : null,
      rating_action: rating?.sources.action,
      previous_rating: rating?.sources.previousRating,
      target_price: target?.sources?.target,
      // Printed beside the target, else told by the listing (a guess, shown where the ticker is).
      currency:
        currency === null
          ? null
          : target?.target?.currency === currency
            ? target.sources?.target
            : unsureOf(tickerSource),
      previous_target_price: target?.sources?.previous,
      sector: sector?.source,
    });
    return {
      ticker: company.ticker.canonical,
      company_name: named?.name ?? null,
      rating: rating?.rating ?? null,
      target_price: target?.target?.printed ?? null,
      printed_ticker: company.printed.join(', '),
      exchange: company.ticker.exchange,
      rating_normalised: rating?.step ?? null,
      rating_action: rating?.action ?? null,
      previous_rating: rating?.previousRating ?? null,
      target_price_value: target?.target?.value ?? null,
      currency,
      previous_target_price: target?.previous?.value ?? null,
      sector: sector?.sector ?? null,
      sources,
    };
  });
}

/** The sources given, without the facts that have none. */
function present(sources: Record<keyof StockSources, FactSource | null | undefined>): StockSources {
  return Object.fromEntries(Object.entries(sources).filter(([, s]) => s)) as StockSources;
}

/** The company's name: beside its ticker, beside its code in a title, else (unsure) the cover's largest line. */
function companyName(
  company: CoveredCompany,
  lines: readonly string[],
  layout: PageLayout | undefined,
): { name: string; source: FactSource | null } | null {
  if (company.name)
    return { name: company.name, source: company.nameLine ? sourceAt(1, company.nameLine) : null };
  const beside = nameBesideCode(lines, company);
  if (beside) return { name: beside.name, source: sourceAt(1, beside.line) };
  const largest = layout ? coverName(layout) : null;
  return largest ? { name: largest, source: sourceAt(1, largest, true) } : null;
}

const DOLLAR_CURRENCIES = new Set(['USD', 'HKD', 'TWD', 'SGD', 'AUD', 'CAD']);

/**
 * The currency of a target price: as printed, else the currency the stock trades in. A bare `$`
 * is the listing's own dollar. A box that prints the reporting currency for a stock listed in
 * another (an ADR's "Price target (CNY)") yields to the listing's when the text prints the same
 * amount in it.
 */
function targetCurrency(target: Amount, company: CoveredCompany, text: string): string | null {
  const listing = company.ticker.exchange ? (EXCHANGE_CURRENCY[company.ticker.exchange] ?? null) : null;
  if (!target.currency) return listing;
  if (!listing || target.currency === listing) return target.currency;
  if (/(?:^|[^A-Z])\$/.test(target.printed) && DOLLAR_CURRENCIES.has(listing)) return listing;
  const again = markedAmounts(text).some((a) => a.currency === listing && a.value === target.value);
  return again ? listing : target.currency;
}

/** `Tencent (0700)`: a title that prints the code alone beside the name. */
function nameBesideCode(
  lines: readonly string[],
  company: CoveredCompany,
): { name: string; line: string } | null {
  const code = company.ticker.code.replace(/^0+(?=\d)/, '');
  const re = new RegExp(`^(\\p{L}[\\p{L}\\p{N}&.'’ -]{1,40}?)\\s*[（(]\\s*0*${code}\\s*[)）]`, 'u');
  for (const line of lines) {
    const m = re.exec(line);
    if (m) return { name: m[1]?.trim() ?? '', line };
  }
  return null;
}

/** The company name of a cover that prints none beside its ticker: its largest short line. */
function coverName(layout: PageLayout | undefined): string | null {
  return (
    largestLines(layout).find(
      (t) =>
        t.split(/\s+/).length <= 5 &&
        !/\d/.test(t) &&
        normaliseRating(t) === null &&
        !/\b(?:research|equity|equities|report)\b/i.test(t),
    ) ?? null
  );
}

/** Chinese broker notes the cover reader finds nothing in: `公司名(代码)` anywhere on the first page. */
function chineseBrokerNote(firstPage: string): StockInformation[] {
  const listed =
    /([\u4e00-\u9fffA-Za-z]{2,8})\s*[（(]\s*(\d{6}\.(?:SH|SZ|BJ)|\d{4,5}\.HK|\d{6})\s*[)）]/.exec(firstPage);
  if (!listed) return [];
  const rating =
    new RegExp(`(?:投资评级|评级)\\s*[:：]\\s*(${RATINGS})`).exec(firstPage)?.[1] ??
    new RegExp(`^(${RATINGS})`, 'm').exec(firstPage)?.[1] ??
    null;
  const target =
    /目标价(?:格)?\s*(?:[（(]元[)）])?\s*[:：]\s*([\d,.]+\s*(?:港元|美元|元)?)/.exec(firstPage)?.[1] ?? null;
  const amount = target ? parseAmount(target, 'CNY') : null;
  // A fallback that reads the whole page: what it finds is a guess.
  const at = (printed: string | null) => (printed ? printedAt([firstPage], printed, [1], true) : null);
  const ratingSource = at(rating);
  const targetSource = at(target);
  return [
    {
      ticker: withExchange(listed[2] ?? ''),
      company_name: listed[1] ?? null,
      rating,
      target_price: target,
      rating_normalised: rating ? normaliseRating(rating) : null,
      target_price_value: amount?.value ?? null,
      currency: amount?.currency ?? null,
      sources: present({
        ticker: at(listed[0]),
        company_name: at(listed[0]),
        rating: ratingSource,
        rating_normalised: rating && normaliseRating(rating) ? ratingSource : null,
        rating_action: null,
        previous_rating: null,
        target_price: targetSource,
        currency: amount?.currency ? targetSource : null,
        previous_target_price: null,
        sector: null,
      }),
    },
  ];
}

/** 600519 -> 600519.SH; other printed codes (`0700.HK`) are kept. */
function withExchange(code: string): string {
  return /^\d{6}$/.test(code) ? `${code}.${aShareExchange(code)}` : code;
}
