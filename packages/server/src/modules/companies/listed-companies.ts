import { readFileSync } from 'node:fs';

/**
 * The table of listed companies shipped with the product (listed-companies.tsv beside this module;
 * its source and licence: docs/companies.md). One company a line,
 * `tickers<TAB>exchange<TAB>en<TAB>zh`: canonical tickers separated by spaces (the main listing
 * first, then the company's other listings), the exchange of the main listing, and the English
 * and Chinese names separated by `|`, the full name first, then short forms.
 */
export interface ListedCompany {
  tickers: string[];
  exchange: string;
  en: string[];
  zh: string[];
}

const HEADER = 'tickers\texchange\ten\tzh';

/** Parses the table; throws naming the line (1-based) of the first malformed one. */
export function parseListedCompanies(text: string): ListedCompany[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if ((lines[0] ?? '').trim() !== HEADER)
    throw new Error(`listed companies line 1: expected the header "${HEADER.replace(/\t/g, '<TAB>')}"`);
  const out: ListedCompany[] = [];
  const tickerLine = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (!line.trim()) continue;
    const fail = (why: string): never => {
      throw new Error(`listed companies line ${i + 1}: ${why}`);
    };
    const columns = line.split('\t').map((c) => c.trim());
    if (columns.length !== 4) fail(`expected 4 tab-separated columns, found ${columns.length}`);
    const [tickerColumn = '', exchange = '', en = '', zh = ''] = columns;
    const tickers = tickerColumn.split(/\s+/).filter(Boolean);
    if (tickers.length === 0) fail('no ticker');
    for (const t of tickers) {
      const first = tickerLine.get(t);
      if (first !== undefined) fail(`ticker ${t} already given on line ${first}`);
      tickerLine.set(t, i + 1);
    }
    const forms = (column: string) =>
      column
        .split('|')
        .map((f) => f.trim())
        .filter(Boolean);
    const company = { tickers, exchange, en: forms(en), zh: forms(zh) };
    if (company.en.length + company.zh.length === 0) fail('no name');
    out.push(company);
  }
  return out;
}

let cached: ListedCompany[] | undefined;

/** The shipped table, read once (the build copies the TSV beside the bundle). */
export function loadListedCompanies(): ListedCompany[] {
  cached ??= parseListedCompanies(readFileSync(new URL('./listed-companies.tsv', import.meta.url), 'utf8'));
  return cached;
}
