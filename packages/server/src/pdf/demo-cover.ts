import { ASSET_CLASSES, COUNTRIES, type AssetClass, type Country } from '@rl/contract';
import { findDates } from './dates.js';

/** What a cover page in the library's own layout states, line by line. */
export interface CoverPage {
  issuer: string;
  reportType: string;
  assetClass: AssetClass;
  country: Country;
  title: string;
  publishDate: string;
  authors: string[];
  ticker: string | null;
  rating: string | null;
  targetPrice: string | null;
}

const ANALYSTS = /^(?:Analysts?|分析师)\s*[:：]\s*(.+)$/;
const STOCK_LABELS = {
  ticker: /(?:Ticker|股票代码)\s*[:：]\s*/,
  rating: /(?:Rating|评级)\s*[:：]\s*/,
  targetPrice: /(?:Target price|目标价)\s*[:：]\s*/i,
};

/**
 * Reads a cover page of the form
 * `<Issuer>` / `<Report type> | <Asset class> | <Country>` / `<Title>` (maybe wrapped) / `<date>` /
 * `Analysts: A, B` (or `分析师：甲、乙`) / optionally `Ticker: … Rating: … Target price: …`.
 * Returns null when the page is not laid out that way.
 */
export function parseCoverPage(pageText: string): CoverPage | null {
  const lines = pageText
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  // The line `<Report type> | <Asset class> | <Country>` identifies such a cover.
  const at = lines.slice(0, 8).findIndex((l) => classification(l) !== null);
  const issuer = lines[at - 1];
  const classified = classification(lines[at] ?? '');
  if (at < 1 || !issuer || !classified) return null;

  // The date stands alone on its line (a title may mention a date in passing); a long title wraps.
  const dateAt = lines.findIndex(
    (l, k) => k > at && k <= at + 6 && l.length <= 20 && findDates(l).length > 0,
  );
  const publishDate = findDates(lines[dateAt] ?? '')[0]?.iso;
  if (dateAt <= at + 1 || !publishDate) return null;
  const titleLines = lines.slice(at + 1, dateAt);

  const rest = lines.slice(dateAt + 1, dateAt + 4);
  const analysts = rest.map((l) => ANALYSTS.exec(l)?.[1]).find((m) => m !== undefined);
  const stockLine = rest.find((l) => STOCK_LABELS.ticker.test(l) || STOCK_LABELS.rating.test(l)) ?? '';
  const stock = labelledValues(stockLine);
  const chinese = /[\u4e00-\u9fff]/.test(titleLines.join(''));

  return {
    issuer,
    ...classified,
    title: titleLines.join(chinese ? '' : ' '),
    publishDate,
    authors: analysts ? splitNames(analysts) : [],
    ticker: stock.ticker,
    rating: stock.rating,
    targetPrice: stock.targetPrice,
  };
}

/** Parses `Equities | China` (the info Subject) or `Report type | Equities | China`. */
export function parseClassification(text: string): { assetClass: AssetClass; country: Country } | null {
  const parts = text.split('|').map((p) => p.trim());
  const [assetClass, country] = parts.slice(-2);
  if (parts.length < 2 || !isAssetClass(assetClass) || !isCountry(country)) return null;
  return { assetClass, country };
}

/** Splits `Jane Doe, John Roe` or `张三、李四`. */
export function splitNames(text: string): string[] {
  return text
    .split(/\s*[,，、;；]\s*|\s+and\s+/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

function classification(line: string) {
  const reportType = line.split('|')[0]?.trim();
  const parsed = line.split('|').length === 3 ? parseClassification(line) : null;
  return reportType && parsed ? { reportType, ...parsed } : null;
}

/** Values of the labels on the stock line, each running up to the next label. */
function labelledValues(line: string): Record<keyof typeof STOCK_LABELS, string | null> {
  const found = Object.entries(STOCK_LABELS)
    .map(([key, re]) => {
      const m = re.exec(line);
      return m ? { key, start: m.index, valueStart: m.index + m[0].length } : null;
    })
    .filter((f) => f !== null)
    .sort((a, b) => a.start - b.start);
  const values: Record<string, string | null> = { ticker: null, rating: null, targetPrice: null };
  found.forEach((f, k) => {
    const value = line.slice(f.valueStart, found[k + 1]?.start ?? line.length).trim();
    values[f.key] = value === '' ? null : value;
  });
  return values as Record<keyof typeof STOCK_LABELS, string | null>;
}

function isAssetClass(value: string | undefined): value is AssetClass {
  return (ASSET_CLASSES as readonly string[]).includes(value ?? '');
}

function isCountry(value: string | undefined): value is Country {
  return (COUNTRIES as readonly string[]).includes(value ?? '');
}
