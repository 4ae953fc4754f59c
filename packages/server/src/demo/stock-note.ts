import { RATING_STEPS, type RatingAction, type ReportLanguage } from '@rl/contract';
import { formatMoney, SECTOR_NAMES, type DemoCompany } from './companies.js';
import type { DemoStock } from './types.js';
import type { LanguagePack } from './vocabulary.js';

/** Bloomberg suffixes of the demo listings and the exchange a reader files them under. */
const EXCHANGES: Record<string, string> = {
  US: 'US',
  GY: 'DE',
  FP: 'FR',
  NA: 'NL',
  LN: 'LN',
  IN: 'IN',
  AU: 'AU',
  CT: 'CA',
  JP: 'JP',
  HK: 'HK',
  TT: 'TW',
  KS: 'KS',
  BZ: 'BZ',
};

/** `600519.SH` -> `600519.SH`, `700 HK` -> `0700.HK`, `ALDS US` -> `ALDS.US`. */
export function canonicalTicker(listing: string): string {
  if (/^\d{6}\.(SH|SZ)$/.test(listing)) return listing;
  const [code = '', suffix = ''] = listing.split(' ');
  const exchange = EXCHANGES[suffix] ?? suffix;
  return `${exchange === 'HK' ? code.replace(/^0+(?=\d)/, '').padStart(4, '0') : code}.${exchange}`;
}

/**
 * How a broker prints the listing: English notes use Bloomberg codes (`600519 CH`, `0700 HK`),
 * Chinese notes the Wind form (`600519.SH`, `0700.HK`).
 */
export function printedTicker(listing: string, language: ReportLanguage): string {
  const canonical = canonicalTicker(listing);
  const [code = ''] = canonical.split('.');
  if (language === 'zh') return /\.(SH|SZ|HK)$/.test(canonical) ? canonical : listing;
  if (/\.(SH|SZ)$/.test(canonical)) return `${code} CH`;
  if (canonical.endsWith('.HK')) return `${code} HK`;
  return listing;
}

/** The ticker as a title prints it beside the name: `600519` or `0700.HK` in Chinese, the Bloomberg code in English. */
export function titleTicker(stock: DemoStock, language: ReportLanguage, short: boolean): string {
  if (language === 'zh' && short && /\.(SH|SZ)$/.test(stock.canonical)) return stock.canonical.slice(0, 6);
  return stock.ticker;
}

export function makeStock(input: {
  pack: LanguagePack;
  company: DemoCompany;
  rating: number;
  action: RatingAction;
  previousRating?: number;
  price: number;
  target: number;
  previousTarget?: number;
}): DemoStock {
  const { pack, company, rating, action, previousRating } = input;
  // London quotes in pence; the notes state prices in pounds (`GBP 15.30`), as readers expect a currency code.
  const unit = company.currency === 'GBp' ? 100 : 1;
  const currency = unit === 100 ? 'GBP' : company.currency;
  const [price, target] = [input.price / unit, input.target / unit];
  const previousTarget = input.previousTarget === undefined ? undefined : input.previousTarget / unit;
  const money = (amount: number) => formatMoney(amount, currency, pack.language);
  const changed = previousTarget !== undefined && previousTarget !== target;
  return {
    ticker: printedTicker(company.ticker, pack.language),
    canonical: canonicalTicker(company.ticker),
    companyName: company.name,
    sector: SECTOR_NAMES[company.sector][pack.language],
    rating: pack.stock.ratings[rating] as string,
    ratingStep: RATING_STEPS[rating] ?? 'hold',
    action,
    ...(previousRating !== undefined && { previousRating: pack.stock.ratings[previousRating] as string }),
    targetPrice: money(target),
    ...(changed && { previousTargetPrice: money(previousTarget) }),
    price,
  };
}

/** The banner under the stock line: what the broker did to its rating. */
export function actionBanner(stock: DemoStock, language: ReportLanguage): string {
  const { rating, previousRating } = stock;
  if (language === 'zh') {
    const word = { initiate: '首次', maintain: '维持', upgrade: '上调', downgrade: '下调' }[stock.action];
    return `投资评级：${rating}（${word}）`;
  }
  switch (stock.action) {
    case 'initiate':
      return `Initiate at ${rating}`;
    case 'maintain':
      return `Maintain ${rating}`;
    case 'upgrade':
      return `Upgrade to ${rating} from ${previousRating ?? ''}`.trim();
    case 'downgrade':
      return `Downgrade to ${rating} from ${previousRating ?? ''}`.trim();
  }
}

/** Lines a Chinese cover adds for a change: the previous rating and target. */
export function previousLines(stock: DemoStock, language: ReportLanguage): string[] {
  const lines: string[] = [];
  if (stock.previousTargetPrice)
    lines.push(
      language === 'zh'
        ? `上次目标价：${stock.previousTargetPrice}`
        : `Previous target: ${stock.previousTargetPrice}`,
    );
  if (language === 'zh' && stock.previousRating && stock.previousRating !== stock.rating)
    lines.push(`上次评级：${stock.previousRating}`);
  return lines;
}
