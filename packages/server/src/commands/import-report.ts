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

/**
 * What the import read of one file, as a block of lines for the terminal: the outcome, then
 * title, broker, date, analysts, type, language, asset class, country, tags and stocks covered.
 */
export function formatImportRow(row: ImportRow, index: number, count: number): string {
  const head = `[${index + 1}/${count}] ${row.file} — ${row.outcome}`;
  const r = row.read;
  if (!r) return `${head}: ${row.reason}`;
  const lines = [
    `${head}, ${row.pages} page${row.pages === 1 ? '' : 's'}`,
    line('title', r.title),
    line('broker', r.issuer),
    line('date', r.publishDate ?? ''),
    line('analysts', analysts(r)),
    line('type', r.reportType),
    line('language', r.language),
    line('asset class', r.assetClass ?? ''),
    line('country', r.country ?? ''),
    line('tags', r.tags.join(', ')),
  ];
  for (const s of r.stocks) lines.push(line('stock', stock(s)));
  return lines.join('\n');
}
