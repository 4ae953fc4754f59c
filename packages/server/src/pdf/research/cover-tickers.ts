import { ratingPattern } from './rating-vocabulary.js';
import { NAMED_EXCHANGE_PATTERN, parseTicker, TICKER_FORMS, type Ticker } from './ticker.js';

/** A company a note covers: its canonical ticker, every form printed, and its name where printed. */
export interface CoveredCompany {
  ticker: Ticker;
  printed: string[];
  name: string | null;
  /** The first page-1 line its ticker was read from; none when read from the text at large. */
  line?: string;
  /** The page-1 line its name was read from. */
  nameLine?: string;
}

const FORMS = `${TICKER_FORMS.named}|${TICKER_FORMS.reutersNumeric}|${TICKER_FORMS.reutersAlpha}|${TICKER_FORMS.bloombergNumeric}|${TICKER_FORMS.bloombergAlpha}`;
const TOKEN = new RegExp(`(?<![A-Za-z0-9.])(?:${FORMS})(?:\\s+Equity)?(?![A-Za-z0-9])`, 'g');
/** `高测股份(688556.SH)`, `贵州茅台（600519）`, `腾讯控股(00700.HK)`. */
const CHINESE = /([\u4e00-\u9fffA-Za-z*]{2,12})\s*[（(]\s*(\d{6}(?:\.(?:SH|SZ|BJ|SS))?|\d{4,5}\.HK)\s*[)）]/g;
/** Labels printed before a ticker in a cover's data box. */
const LABELS =
  /\b(?:Bloomberg|BBG|Reuters|RIC|Ticker|Exchange|Stock code|Code|Bloomberg code|Reuters code)\b|股票代码|证券代码|代码|[:：,，/|()（）\-–]/gi;
const RATING_WORD = new RegExp(`(?<![A-Za-z])(?:${ratingPattern()})(?![A-Za-z])`, 'i');

interface Hit {
  ticker: Ticker;
  name: string | null;
  line?: string;
}

/**
 * The companies a note's first page is about: tickers in its data box or on a line of their own
 * (`0700.HK, 700 HK`, `RIC: 000660.KS BBG: 000660 KS`, `Tencent Holdings 0700.HK 700 HK`) or right
 * after the name that opens a title line (`高测股份(688556.SH)：…`). A ticker in running text
 * (`Alibaba [BABA US, Buy]`) or in a cited report's title (`《…（688556）：…》`) is a mention.
 */
export function findCoverTickers(lines: readonly string[]): CoveredCompany[] {
  const hits: Hit[] = [];
  for (const line of lines) hits.push(...coverHits(line).map((h) => ({ ...h, line })));
  return group(hits);
}

function coverHits(line: string): Hit[] {
  const chinese = [...line.matchAll(CHINESE)].filter((m) => !inCitedTitle(line, m.index));
  // `高测股份(688556.SH)` is read once, as a Chinese listing, not again as a Reuters code.
  const inChinese = (at: number) => chinese.some((c) => at > c.index && at < c.index + c[0].length);
  const tokens = [...line.matchAll(TOKEN)].filter((m) => !inCitedTitle(line, m.index) && !inChinese(m.index));
  if (tokens.length === 0 && chinese.length === 0) return [];
  let rest = line;
  for (const m of [...tokens, ...chinese]) rest = rest.replace(m[0], ' ');
  const remainder = rest.replace(LABELS, ' ').replace(/\s+/g, ' ').trim();
  const tickerLine =
    remainder.length <= 40 &&
    remainder.split(' ').length <= 5 &&
    !/\d/.test(remainder) &&
    !RATING_WORD.test(remainder) &&
    !/[.;!?。；]$/.test(line);
  const hits: Hit[] = [];
  const labelled = (at: number) =>
    /(?:Bloomberg|BBG|Reuters|RIC|Ticker|代码)\s*[:：]?\s*$/i.test(line.slice(Math.max(0, at - 14), at));
  const alphaBloomberg = (text: string) => /^[A-Z][A-Z0-9/]*\s[A-Z]{2}/.test(text) && !/^\d/.test(text);
  for (const m of tokens) {
    const ticker = parseTicker(m[0]);
    if (!ticker) continue;
    // `XXX US` could be capitals in a heading ("INVESTING IN THE US"): only in a box or beside another form.
    const trusted = labelled(m.index) || !alphaBloomberg(m[0]) || tokens.length > 1;
    const titled = titleName(line, m.index);
    if ((tickerLine && trusted) || labelled(m.index) || titled !== null)
      hits.push({ ticker, name: titled ?? (tickerLine ? nameBefore(line, tokens[0]?.index ?? 0) : null) });
  }
  for (const m of chinese) {
    const ticker = parseTicker(m[2] ?? '');
    if (!ticker) continue;
    const opensLine = line.trimStart().startsWith(m[1] ?? '');
    if (tickerLine || opensLine) hits.push({ ticker, name: m[1] ?? null });
  }
  return hits;
}

/** `Tencent (700 HK)` or `TSMC (2330 TT) Equities` opening a line: the name before the bracket. */
function titleName(line: string, at: number): string | null {
  const before = line.slice(0, at);
  const m = /^\s*([\p{L}][\p{L}\p{N}&.'’ -]{0,40}?)\s*[(（[]\s*$/u.exec(before);
  const after = line.slice(at).replace(/^[^)）\]]*[)）\]]/, '');
  if (!m || !/^\s*(?:$|[:：\-–—|]|[A-Z][a-z]+$)/.test(after)) return null;
  return m[1]?.trim() ?? null;
}

/** `Tencent Holdings 0700.HK 700 HK`: the name printed before a line's first ticker. */
function nameBefore(line: string, at: number): string | null {
  const name = line.slice(0, at).replace(LABELS, ' ').replace(/\s+/g, ' ').trim();
  return /\p{L}{2}/u.test(name) ? name : null;
}

/** Inside `《…》`, the title of another report cited on the cover. */
function inCitedTitle(line: string, at: number): boolean {
  const before = line.slice(0, at);
  return before.lastIndexOf('《') > before.lastIndexOf('》');
}

/** The line a company was first read from, and its name's line when the name was read there too. */
const lines = (line: string | undefined, name: string | null): Pick<CoveredCompany, 'line' | 'nameLine'> =>
  line ? { line, ...(name !== null ? { nameLine: line } : {}) } : {};

function group(hits: Hit[]): CoveredCompany[] {
  const byTicker = new Map<string, CoveredCompany>();
  for (const { ticker, name, line } of hits) {
    const known = byTicker.get(ticker.canonical);
    const printed = ticker.printed.trim();
    if (!known) {
      byTicker.set(ticker.canonical, { ticker, printed: [printed], name, ...lines(line, name) });
      continue;
    }
    if (!known.printed.includes(printed)) known.printed.push(printed);
    if (known.name === null && name !== null) Object.assign(known, { name }, line ? { nameLine: line } : {});
  }
  return [...byTicker.values()];
}

/** "Exchange: NASDAQ - ALL MARKETS": a header that states where the covered stock trades. */
const EXCHANGE_STATED = new RegExp(`\\bExchange\\s*[:：]\\s*(${NAMED_EXCHANGE_PATTERN})\\b`, 'i');
/** "NVIDIA Corp NVDA": a company's legal name and its bare symbol, as a cover's largest line prints them. */
const NAME_AND_SYMBOL =
  /^((?:[A-Z][\w&.'’-]*\s+){0,4}(?:Corp(?:oration)?|Inc|Incorporated|Co|Ltd|Limited|plc|Group|Holdings|SA|AG|NV)\.?)\s+([A-Z]{1,5})(?![\w.])/;

/**
 * A cover that states its exchange in a header and prints its company's bare symbol beside the
 * legal name in its largest type: that symbol on that exchange.
 */
export function findListedSymbol(page: string, largest: readonly string[]): CoveredCompany[] {
  const exchange = EXCHANGE_STATED.exec(page)?.[1];
  if (!exchange) return [];
  for (const line of largest.slice(0, 3)) {
    const m = NAME_AND_SYMBOL.exec(line.trim());
    const ticker = m ? parseTicker(`${exchange}: ${m[2] ?? ''}`) : null;
    if (m && ticker)
      return [{ ticker, printed: [m[2] ?? ''], name: (m[1] ?? '').trim(), line, nameLine: line }];
  }
  return [];
}

const MENTION = new RegExp(
  `((?:[A-Z][\\w&.'’-]*\\s+){0,3}[A-Z][\\w&.'’-]*)\\s*[(\\[]\\s*(${FORMS})\\s*(?:[,;][^)\\]]{0,40})?[)\\]]`,
  'g',
);

/** Words of company names that name a place, a trade or a legal form, not the company. */
const GENERIC_NAME_WORD =
  /^(?:the|and|china|chinese|hong|kong|asia|pacific|global|international|national|group|holdings?|company|corp(?:oration)?|inc|ltd|limited|co|plc|technology|technologies|tech|power|supply|energy|electric|electronics?|industrial|industries|international|new|first|bank|securities|financial|capital|resources|materials|semiconductor|systems?|solutions?|services?|ningbo|shanghai|beijing|shenzhen|zhejiang|jiangsu|guangdong)$/i;

/**
 * Companies an industry note names in its headline ("Reiterate Buy on NARI and Huaming"), with the
 * ticker its text prints beside their names (`NARI Technology (600406 CH, Buy)`).
 */
export function findHeadlineCompanies(text: string, headline: readonly string[]): CoveredCompany[] {
  const head = headline.join(' ');
  const hits: Hit[] = [];
  for (const m of text.replace(/\s+/g, ' ').matchAll(MENTION)) {
    const name = (m[1] ?? '').trim();
    const ticker = parseTicker(m[2] ?? '');
    if (!ticker) continue;
    // "Ningbo Deye Technology" is "Deye" in a headline: any word of the name but a place or a trade.
    const own = name.split(/\s+/).filter((w) => w.length >= 3 && !GENERIC_NAME_WORD.test(w));
    if (own.some((w) => new RegExp(`(?<![\\w])${w.replace(/[.&]/g, '\\$&')}(?![\\w])`).test(head)))
      hits.push({ ticker, name });
  }
  return group(hits);
}
