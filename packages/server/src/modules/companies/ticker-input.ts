import { aShareExchange, parseTicker } from '../../pdf/research/ticker.js';

/**
 * What a person types for a company, as canonical tickers to look up: `exact` ones, and bare
 * `codes` that match a ticker on any exchange (`AAPL` → `AAPL.US`).
 */
export interface TickerCandidates {
  exact: string[];
  codes: string[];
}

const NONE: TickerCandidates = { exact: [], codes: [] };

/**
 * The tickers `input` may name, in any printed form: `600519`, `600519.SH`, `600519 CH`,
 * `0700 HK`, `700.HK`, `0700`, `AAPL`, `AAPL US`, `AAPL.O`, `NYSE: JPM`. Letters alone count
 * only in capitals as typed when `strict` (a keyword `market` is not a ticker).
 */
export function tickerCandidates(input: string, opts: { strict?: boolean } = {}): TickerCandidates {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '' || text.length > 24) return NONE;
  // A keyword in lower case is words (`rates us` is not RATES.US).
  if (opts.strict && /[a-z]/.test(text)) return NONE;
  const exact = new Set<string>();
  const codes = new Set<string>();
  const parsed = parseTicker(text);
  if (parsed) {
    if (parsed.exchange) exact.add(parsed.canonical);
    else codes.add(parsed.code);
    exact.add(parsed.canonical);
  }
  if (/^\d{6}$/.test(text)) exact.add(`${text}.${aShareExchange(text)}`);
  if (/^\d{1,5}$/.test(text)) {
    const hk = parseTicker(`${text} HK`);
    if (hk) exact.add(hk.canonical);
    if (text.length === 4) for (const ex of ['JP', 'TW']) exact.add(`${text}.${ex}`);
  }
  if (/^[A-Za-z]{1,5}$/.test(text)) codes.add(text.toUpperCase());
  // A code with a suffix we do not know (`AAPL.O`) still names the code.
  const dotted = /^([A-Za-z0-9]{1,8})\.[A-Za-z]{1,2}$/.exec(text);
  if (dotted?.[1]) codes.add(dotted[1].toUpperCase());
  for (const code of codes) exact.add(code);
  return { exact: [...exact], codes: [...codes] };
}
