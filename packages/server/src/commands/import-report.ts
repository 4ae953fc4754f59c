import type { FactSource, StockFact } from '@rl/contract';
import type { ImportReading, ImportRow } from './import-dir.js';

const LABEL_WIDTH = 12;
const line = (label: string, value: string) => `  ${label.padEnd(LABEL_WIDTH)}${value || '—'}`;

/** Analysts with the registration number printed beside each name, when there is one. */
const analysts = (r: ImportReading) =>
  r.authors.map((a) => (r.authorRegistrations[a] ? `${a} (${r.authorRegistrations[a]})` : a)).join(', ');

/** One stock a report covers: ticker, company, rating and target price, as far as they were read. */
function stock(s: ImportReading['stocks'][number]): string {
  const parts = [s.ticker, s.company_name].filter(Boolean).join(' ');
  const rating = s.rating ? `rating ${s.rating}` : '';
  const target = s.target_price ? `target ${s.target_price}` : '';
  return [parts, rating, target].filter(Boolean).join(', ');
}

/** Where a fact was printed, on a line of its own under it: `    ↳ p. 1: Rating: Buy`. */
const where = (source: FactSource | undefined, what = ''): string[] =>
  source
    ? [
        `${' '.repeat(LABEL_WIDTH)}↳ ${what ? `${what} ` : ''}p. ${source.page}: ${source.text}${source.unsure ? ' (unsure)' : ''}`,
      ]
    : [];

/** The stock facts whose sources the import prints, with the words it prints them by. */
const STOCK_SOURCES: [StockFact, string][] = [
  ['ticker', 'ticker'],
  ['company_name', 'company'],
  ['rating', 'rating'],
  ['rating_action', 'action'],
  ['previous_rating', 'previous rating'],
  ['target_price', 'target'],
  ['currency', 'currency'],
  ['previous_target_price', 'previous target'],
  ['sector', 'sector'],
];

/**
 * What the import read of one file, as a block of lines for the terminal: the outcome, then
 * title, broker, date, analysts, type, language, asset class, country, tags and stocks covered.
 */
export function formatImportRow(row: ImportRow, index: number, count: number): string {
  const head = `[${index + 1}/${count}] ${row.file} — ${row.outcome}`;
  const r = row.read;
  if (!r) return `${head}: ${row.reason}`;
  const s = r.sources;
  const lines = [
    `${head}, ${row.pages} page${row.pages === 1 ? '' : 's'}`,
    line('title', r.title),
    ...where(s.document_title),
    line('broker', r.issuer),
    ...where(s.issuer),
    line('date', r.publishDate ?? ''),
    ...where(s.publish_date),
    line('analysts', analysts(r)),
    ...where(s.author),
    line('type', r.reportType),
    ...where(s.report_type),
    ...where(s.sector, 'sector'),
    ...where(s.industry_rating, 'sector view'),
    line('language', r.language),
    line('asset class', r.assetClass ?? ''),
    line('country', r.country ?? ''),
    line('tags', r.tags.join(', ')),
  ];
  for (const entry of r.stocks) {
    lines.push(line('stock', stock(entry)));
    for (const [fact, what] of STOCK_SOURCES) lines.push(...where(entry.sources?.[fact], what));
  }
  return lines.join('\n');
}
