/**
 * Tickers as printed (Bloomberg `700 HK`, Reuters `0700.HK`, `NYSE: JPM`, A-share `600519`) turned
 * into one canonical form, code plus our exchange suffix: `0700.HK`, `600519.SH`, `AAPL.US`.
 */

export interface Ticker {
  /** `0700.HK`, or the bare code when the exchange is unknown (`NVDA`). */
  canonical: string;
  code: string;
  exchange: string | null;
  printed: string;
}

/** Our exchange suffixes and the currency their shares trade in. */
export const EXCHANGE_CURRENCY: Record<string, string> = {
  SH: 'CNY',
  SZ: 'CNY',
  BJ: 'CNY',
  HK: 'HKD',
  US: 'USD',
  JP: 'JPY',
  TW: 'TWD',
  KS: 'KRW',
  KQ: 'KRW',
  SG: 'SGD',
  AU: 'AUD',
  IN: 'INR',
  LN: 'GBP',
  DE: 'EUR',
  FR: 'EUR',
  NL: 'EUR',
  CA: 'CAD',
};

/** Exchanges whose codes are digits: Bloomberg suffixes (after a space) and Reuters ones (after a dot). */
const BLOOMBERG_NUMERIC: Record<string, string> = {
  HK: 'HK',
  CH: 'CN', // China A-shares: the exchange follows from the code
  C1: 'SH', // Stock Connect, Shanghai
  C2: 'SZ', // Stock Connect, Shenzhen
  CG: 'SH',
  CS: 'SZ',
  TT: 'TW',
  JP: 'JP',
  JT: 'JP',
  KS: 'KS',
  KQ: 'KQ',
};
const REUTERS_NUMERIC: Record<string, string> = {
  HK: 'HK',
  SS: 'SH',
  SH: 'SH', // the Wind form used by Chinese brokers
  SZ: 'SZ',
  BJ: 'BJ',
  TW: 'TW',
  TWO: 'TW',
  T: 'JP',
  KS: 'KS',
  KQ: 'KQ',
};

/** Exchanges whose codes are letters. */
const BLOOMBERG_ALPHA: Record<string, string> = {
  US: 'US',
  UN: 'US',
  UW: 'US',
  UQ: 'US',
  UR: 'US',
  UA: 'US',
  UP: 'US',
  SP: 'SG',
  AU: 'AU',
  IN: 'IN',
  IB: 'IN',
  LN: 'LN',
  GR: 'DE',
  GY: 'DE',
  FP: 'FR',
  NA: 'NL',
  CN: 'CA',
  CT: 'CA',
};
const REUTERS_ALPHA: Record<string, string> = {
  O: 'US',
  OQ: 'US',
  N: 'US',
  K: 'US',
  SI: 'SG',
  AX: 'AU',
  NS: 'IN',
  BO: 'IN',
  L: 'LN',
  DE: 'DE',
  PA: 'FR',
  AS: 'NL',
  TO: 'CA',
};

/** Exchanges named before a colon: `NYSE: JPM`, `HKEX: 700`. */
const NAMED: Record<string, string> = {
  NYSE: 'US',
  'NYSE AMERICAN': 'US',
  NYSEARCA: 'US',
  NASDAQ: 'US',
  AMEX: 'US',
  HKEX: 'HK',
  SEHK: 'HK',
  HKSE: 'HK',
  TWSE: 'TW',
  TPEX: 'TW',
  TSE: 'JP',
  TYO: 'JP',
  SSE: 'SH',
  SZSE: 'SZ',
  BSE: 'BJ',
  KRX: 'KS',
  KOSPI: 'KS',
  KOSDAQ: 'KQ',
  SGX: 'SG',
  ASX: 'AU',
  NSE: 'IN',
  LSE: 'LN',
  TSX: 'CA',
};

const keys = (map: Record<string, string>) => Object.keys(map).join('|');
const NAMED_EXCHANGES = Object.keys(NAMED)
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(' ', '\\s+'))
  .join('|');

/** The regex source of every exchange a ticker may be named with (`NASDAQ`, `HKEX`). */
export const NAMED_EXCHANGE_PATTERN = NAMED_EXCHANGES;

/** Sources of the printed forms, for finding them in text. Letters only upper case: prose is lower. */
export const TICKER_FORMS = {
  reutersNumeric: `\\d{1,6}\\.(?:${keys(REUTERS_NUMERIC)})`,
  reutersAlpha: `[A-Z][A-Z0-9]{0,5}\\.(?:${keys(REUTERS_ALPHA)})`,
  bloombergNumeric: `\\d{1,6}\\s(?:${keys(BLOOMBERG_NUMERIC)})`,
  bloombergAlpha: `[A-Z][A-Z0-9]{0,5}(?:\\/[A-Z])?\\s(?:${keys(BLOOMBERG_ALPHA)})`,
  named: `(?:${NAMED_EXCHANGES})\\s*[:：]\\s*[A-Z0-9][A-Z0-9.]{0,7}`,
} as const;

/** The canonical form of one printed ticker, or null when it is not one. */
export function parseTicker(printed: string): Ticker | null {
  const text = printed.trim().replace(/\s+Equity$/i, '');
  const named = new RegExp(`^(${NAMED_EXCHANGES})\\s*[:：]\\s*([A-Z0-9][A-Z0-9.]{0,7})$`, 'i').exec(text);
  if (named) {
    const exchange = NAMED[(named[1] ?? '').toUpperCase().replace(/\s+/, ' ')] ?? null;
    return make(named[2] ?? '', exchange, printed);
  }
  const suffixed = /^([A-Z0-9][A-Z0-9/]{0,6})(\.|\s+)([A-Z][A-Z0-9]{0,2})$/i.exec(text);
  if (suffixed) {
    const code = (suffixed[1] ?? '').toUpperCase();
    const reuters = suffixed[2] === '.';
    const suffix = (suffixed[3] ?? '').toUpperCase();
    const numeric = /^\d+$/.test(code);
    const map = numeric
      ? reuters
        ? REUTERS_NUMERIC
        : BLOOMBERG_NUMERIC
      : reuters
        ? REUTERS_ALPHA
        : BLOOMBERG_ALPHA;
    const exchange = map[suffix];
    if (!exchange) return null;
    return make(code, exchange, printed);
  }
  if (/^\d{6}$/.test(text)) return make(text, 'CN', printed);
  if (/^[A-Z]{1,5}$/.test(text)) return { canonical: text, code: text, exchange: null, printed };
  return null;
}

function make(rawCode: string, exchange: string | null, printed: string): Ticker | null {
  let code = rawCode.toUpperCase().replace('/', '.');
  let market = exchange;
  if (market === 'CN') market = aShareExchange(code);
  if (market === 'HK' || market === 'TW' || market === 'JP') {
    if (!/^\d{1,5}$/.test(code)) return null;
    // Hong Kong codes are printed with and without leading zeros: 700, 0700, 00700.
    code = market === 'HK' ? code.replace(/^0+(?=\d)/, '').padStart(4, '0') : code;
  }
  if (
    (market === 'SH' || market === 'SZ' || market === 'BJ' || market === 'KS' || market === 'KQ') &&
    !/^\d{6}$/.test(code)
  )
    return null;
  if (!market) return null;
  return { canonical: `${code}.${market}`, code, exchange: market, printed };
}

/** 600519 -> SH: Shanghai codes start with 6 or 9, Beijing with 4, 8 or 92, Shenzhen the rest. */
export function aShareExchange(code: string): string {
  if (/^(?:92|[48])/.test(code)) return 'BJ';
  if (/^[69]/.test(code)) return 'SH';
  return 'SZ';
}

/** Whether two canonical tickers name the same stock; a bare code matches any exchange. */
export function sameTicker(a: string, b: string): boolean {
  if (a === b) return true;
  const [codeA, exA] = splitCanonical(a);
  const [codeB, exB] = splitCanonical(b);
  return codeA === codeB && (exA === null || exB === null);
}

function splitCanonical(canonical: string): [string, string | null] {
  const at = canonical.lastIndexOf('.');
  const suffix = at > 0 ? canonical.slice(at + 1) : '';
  return suffix in EXCHANGE_CURRENCY ? [canonical.slice(0, at), suffix] : [canonical, null];
}
