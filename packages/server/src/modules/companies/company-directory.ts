import { foldHan } from '@rl/contract/han-fold';
import { queryTokens } from '../../text/segment.js';
import type { ListedCompany } from './listed-companies.js';

/** One company: its tickers (the main one first) and its names in each language, full name first. */
export interface Company {
  ticker: string;
  tickers: string[];
  exchange: string | null;
  en: string[];
  zh: string[];
}

/** A name stored beside the shipped table (company_names): learned from notes or set in the console. */
export interface StoredName {
  ticker: string;
  name: string;
  source: 'notes' | 'console';
  hidden: number;
}

/** Where a name of a company comes from. */
export type NameSource = 'table' | 'notes' | 'console';

const HAS_HAN = /\p{Script=Han}/u;

/** A name as search tokenises it (case, script and punctuation aside): `Tencent Holdings` → `tencent holdings`. */
export const nameKey = (name: string): string => foldHan(queryTokens(name).join(' '));

/** A text as the type-ahead compares it: lower case, simplified, spaces collapsed. */
const looseText = (text: string): string =>
  foldHan(text.normalize('NFKC').toLowerCase()).replace(/\s+/g, ' ').trim();

export interface CompanyDirectory {
  /** The company one of whose tickers is `ticker`. */
  byTicker(ticker: string): Company | undefined;
  /** The company `text` names, whole (any of its names, in either language). */
  byName(text: string): Company | undefined;
  /** The company of a name already keyed (`nameKey`). */
  byKey(key: string): Company | undefined;
  /** Companies one of whose names contains `text`, those it starts first; at most `limit`. */
  containing(text: string, limit: number): Company[];
  /** Where each name of `company` comes from. */
  sources(company: Company): Map<string, NameSource>;
  readonly companies: readonly Company[];
}

/**
 * The companies as one directory: the shipped table, then the names notes print beside a ticker
 * (a ticker the table lacks becomes a company of its own), then the console's edits, which may
 * also take a name away (`hidden`). A name leads to one company: the console's first, then the
 * table's, then what notes print, so a note that misprints a name cannot take it from its company.
 */
export function buildDirectory(
  listed: readonly ListedCompany[],
  stored: readonly StoredName[],
): CompanyDirectory {
  const companies: Company[] = [];
  const ofTicker = new Map<string, Company>();
  const source = new Map<Company, Map<string, NameSource>>();
  const add = (c: Company) => {
    companies.push(c);
    for (const t of c.tickers) if (!ofTicker.has(t)) ofTicker.set(t, c);
    source.set(c, new Map());
    return c;
  };
  for (const l of listed) {
    const c = add({
      ticker: l.tickers[0]!,
      tickers: [...l.tickers],
      exchange: l.exchange,
      en: [...l.en],
      zh: [...l.zh],
    });
    for (const n of [...c.en, ...c.zh]) source.get(c)!.set(n, 'table');
  }
  const companyOf = (ticker: string) => {
    const dot = ticker.lastIndexOf('.');
    return (
      ofTicker.get(ticker) ??
      add({ ticker, tickers: [ticker], exchange: dot > 0 ? ticker.slice(dot + 1) : null, en: [], zh: [] })
    );
  };
  // What notes print first, so that the console's word is the last.
  const ordered = [...stored].sort((a, b) => (a.source === b.source ? 0 : a.source === 'notes' ? -1 : 1));
  for (const row of ordered) {
    const c = companyOf(row.ticker);
    const list = HAS_HAN.test(row.name) ? c.zh : c.en;
    const at = list.findIndex((n) => n.toLowerCase() === row.name.toLowerCase());
    if (row.hidden) {
      if (at >= 0) list.splice(at, 1);
      source.get(c)!.delete(row.name);
      continue;
    }
    if (at < 0) list.push(row.name);
    const sources = source.get(c)!;
    if (!sources.has(row.name) || row.source === 'console') sources.set(row.name, row.source);
  }
  const byKey = new Map<string, Company>();
  const index = (origin: NameSource) => {
    for (const c of companies)
      for (const n of [...c.en, ...c.zh]) {
        if (source.get(c)?.get(n) !== origin) continue;
        const key = nameKey(n);
        if (key && !byKey.has(key)) byKey.set(key, c);
      }
  };
  index('console');
  index('table');
  index('notes');
  const loose = companies.map((c) => ({ c, names: [...c.en, ...c.zh].map(looseText) }));
  return {
    byTicker: (ticker) => ofTicker.get(ticker),
    byName: (text) => byKey.get(nameKey(text)),
    byKey: (key) => byKey.get(key),
    containing(text, limit) {
      const q = looseText(text);
      if (!q) return [];
      const starts: Company[] = [];
      const within: Company[] = [];
      for (const { c, names } of loose) {
        if (names.some((n) => n.startsWith(q))) starts.push(c);
        else if (names.some((n) => n.includes(q))) within.push(c);
        if (starts.length >= limit) break;
      }
      return [...starts, ...within].slice(0, limit);
    },
    sources: (c) => new Map(source.get(c) ?? []),
    companies,
  };
}
