import type { AssetClass, Country, ReportLanguage, ReportType } from '@rl/contract';
import type { DocumentKind } from './identify-document.js';
import { proseText } from './keywords.js';

/** What is scored: the title, which names the subject when it names one, and the opening pages. */
export interface Sample {
  title: string;
  text: string;
  /** The first page as printed, headers included: where a listing ("Exchange: NASDAQ") may be stated. */
  cover?: string;
}

const ASSET_SIGNALS: Record<AssetClass, RegExp> = {
  Equities:
    /\b(?:equit(?:y|ies)|stocks?|shares|shareholders?|EPS|earnings per share|P\/E|price target|target price|fair value estimate|economic moat|dividends?|buybacks?|IPO|market cap(?:italization)?|overweight|outperform|stock selection|S&P 500|CSI 300)\b|股票|A股|港股|个股|股价|每股收益|市盈率|目标价|估值|分红|买入|增持|上市公司|选股|择时|股指|沪深\s?300|上证(?:综指|指数)|中证\s?500/gi,
  FX: /\b(?:currenc(?:y|ies)|exchange rates?|FX|foreign exchange|USD\/\w+|\w+\/JPY|\w+\/CNY|yen|renminbi|sterling|dollar (?:index|strength|weakness))\b|汇率|外汇|结售汇|升值|贬值|(?<!币种[:：]\s?)人民币(?!普通股|元|万元|亿元|计价)/gi,
  Rates:
    /\b(?:interest rates?|yields?|treasur(?:y|ies)|government bonds?|sovereign (?:bonds?|debt)|duration|yield curve|policy rates?|federal funds|basis points|rate (?:hikes?|cuts?)|term premi(?:um|a)|gilts?|bunds?|JGBs?)\b|利率|国债|收益率曲线|降息|加息|基点|政策利率/gi,
  Credit:
    /\b(?:credit spreads?|spreads?|high[- ]yield|investment[- ]grade|corporate bonds?|defaults?|CDS|leveraged loans?|private credit|downgrades?)\b|信用债|信用利差|违约|利差|城投|高收益债|公司债|企业债/gi,
  Commodities:
    /\b(?:commodit(?:y|ies)|oil|crude|Brent|WTI|natural gas|LNG|gold|silver|copper|alumin(?:i)?um|iron ore|metals?|ethanol|biodiesel|soybeans?|corn|wheat|grains?|livestock|tallow|OPEC)\b|大宗商品|原油|铜价|黄金|白银|铁矿石|煤炭|天然气|有色金属|农产品|期货/gi,
  // A company's "fiscal 2016" and a stock's "economic moat" are no economics.
  Economics:
    /\b(?:GDP|inflation|unemployment|labou?r market|econom(?:y|ies)|economic (?:growth|activity|data|outlook|slowdown|recovery|conditions|policy)|recession|consumer prices?|CPI|PPI|PCE|PMI|payrolls|wages|fiscal (?:policy|stimulus|deficits?|spending)|productivity|output gap|monetary policy|financial (?:stability|conditions)|systemic risks?|macroprudential)\b|宏观|经济|金融稳定|通胀|通货膨胀|就业|失业率|PMI|CPI|PPI|财政|货币政策/gi,
  'Cross Assets':
    /\b(?:multi[- ]asset|cross[- ]asset|asset allocation|portfolio strategy|risk assets?|asset prices)\b|大类资产|资产配置|跨资产|多资产/gi,
};

/** Filings and releases of a listed company are equity material whatever they discuss. */
const FILING_KINDS: readonly DocumentKind[] = ['sec_filing', 'press_release', 'cn_company_report'];

/**
 * The asset class of a report. `reportType`, when the layout told it, decides what the text
 * alone cannot: a company or industry note is equity research; a macro note is Economics unless
 * its text is mostly about rates or currencies; a fixed-income note is Credit or Rates, whichever
 * its text discusses more. Strategy and quantitative notes, and reports of no known type, are
 * classified by their text; a broker note of no known type is taken for a company note.
 */
export function classifyAssetClass(sample: Sample, kind: DocumentKind, reportType?: ReportType): AssetClass {
  if (FILING_KINDS.includes(kind) || reportType === 'filing') return 'Equities';
  if (reportType === 'company' || reportType === 'industry') return 'Equities';
  if (reportType === 'macro') return macroClass(sample);
  if (reportType === 'fixed_income') return fixedIncomeClass(sample);
  if (kind === 'broker_note' && (reportType === undefined || reportType === 'other')) return 'Equities';
  return byText(sample);
}

/** Economics, unless rates or currencies are what the note mostly discusses. */
function macroClass(sample: Sample): AssetClass {
  const scores = addScores(
    score(sample.text, ASSET_SIGNALS),
    score(sample.title, ASSET_SIGNALS),
    TITLE_WEIGHT,
  );
  const market = scores.Rates >= scores.FX ? 'Rates' : 'FX';
  return scores[market] > scores.Economics * 1.5 ? market : 'Economics';
}

/** Credit or Rates, by which the note discusses more (spreads and defaults, or yields and curves). */
function fixedIncomeClass(sample: Sample): AssetClass {
  const scores = addScores(
    score(sample.text, ASSET_SIGNALS),
    score(sample.title, ASSET_SIGNALS),
    TITLE_WEIGHT,
  );
  return scores.Credit >= scores.Rates ? 'Credit' : 'Rates';
}

/** A word of the title counts as this many of the text. */
const TITLE_WEIGHT = 5;

function addScores<K extends string>(
  a: Record<K, number>,
  b: Record<K, number>,
  weight: number,
): Record<K, number> {
  const sum = { ...a };
  for (const key of Object.keys(b) as K[]) sum[key] += weight * b[key];
  return sum;
}

function byText(sample: Sample): AssetClass {
  const named = soleWinner(score(sample.title, ASSET_SIGNALS));
  if (named) return named;
  const scores = score(sample.text, ASSET_SIGNALS);
  const ranked = (Object.keys(scores) as AssetClass[]).sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0] ?? 'Economics';
  const best = scores[top];
  if (best === 0) return 'Economics';
  const markets = ranked.filter((c) => c !== 'Economics' && c !== 'Cross Assets' && scores[c] >= best * 0.6);
  // Several markets and the economy discussed about equally: a macro or financial-stability report.
  if (top !== 'Economics' && markets.length >= 2 && scores.Economics >= best * 0.8) return 'Economics';
  // Several markets discussed about equally is what a cross-asset report looks like.
  if (scores['Cross Assets'] >= best * 0.5 || markets.length >= 3) return 'Cross Assets';
  return top;
}

const COUNTRY_SIGNALS: Record<Country, RegExp> = {
  'U.S.':
    /U\.S\.(?!\w)|\b(?:United States|US(?![$\d])|USA|Americans?|Federal Reserve|FOMC|Treasur(?:y|ies)|S&P 500|NYSE|Nasdaq|Dow Jones|New York|California)\b|美国|美联储|美股|美元|纳斯达克/g,
  EU: /\b(?:euro area|eurozone|euro zone|European Union|EU|ECB|European Central Bank|Europe(?:an)?|Germany|German|France|French|Italy|Italian|Spain|Spanish|Bunds?|Euro Stoxx)\b|欧元区|欧盟|欧洲|德国|法国|意大利|欧央行/g,
  UK: /U\.K\.(?!\w)|\b(?:United Kingdom|UK|Britain|British|Bank of England|BoE|gilts?|FTSE|sterling|London)\b|英国|英镑/g,
  EM: /\b(?:[Ee]merging market(?:s| economies)?|EMs?|Brazil|Mexico|Indonesia|Turkey|Türkiye|South Africa|Russia|Argentina|Chile|Colombia|Peru|Poland|Hungary|Thailand|Malaysia|Philippines|Vietnam|Saudi Arabia|Egypt|Nigeria)\b|新兴市场|巴西|墨西哥|印尼|土耳其|南非|俄罗斯|越南/g,
  China:
    /\b(?:China|Chinese|PRC|Beijing|Shanghai|Shenzhen|Hong Kong|CNY|RMB|renminbi|yuan|PBOC|PBoC|CSI 300|A-shares?)\b|中国|我国|沪深|A股|港股|上海|深圳|北京|人民银行|国务院|证监会|上交所|深交所/g,
  Japan: /\b(?:Japan|Japanese|JPY|yen|Nikkei|TOPIX|BOJ|BoJ|Bank of Japan|Tokyo|JGBs?)\b|日本|日元|日经|东京/g,
  India: /\b(?:India|Indian|RBI|Reserve Bank of India|rupee|INR|Nifty|Sensex|Mumbai)\b|印度|卢比/g,
  Global:
    /\b(?:[Gg]lobal(?:ly)?|[Ww]orld(?:wide)?|[Ii]nternational|G20|G7|cross-border|advanced economies)\b|全球|世界|国际|海外/g,
  'Other countries':
    /\b(?:Canada|Canadian|Australia|Australian|Korea|Korean|Switzerland|Swiss|Sweden|Swedish|Norway|Denmark|Singapore|Taiwan|New Zealand|Israel)\b|加拿大|澳大利亚|韩国|瑞士|新加坡|台湾/g,
};

/** Exchange codes of Bloomberg tickers ("2330 TT") and Reuters codes ("0700.HK"), by market. */
const LISTING_MARKETS: [RegExp, Country][] = [
  [/^(?:US|UW|UN|UQ|UA|UR|N|O|OQ)$/, 'U.S.'],
  [/^(?:HK|CH|C1|C2|SS|SZ|SH)$/, 'China'],
  [/^(?:JP|JT|T)$/, 'Japan'],
  [/^(?:IN|IB|NS|BO)$/, 'India'],
  [/^(?:LN|L)$/, 'UK'],
  [/^(?:GR|GY|FP|IM|SM|NA|DE|PA|MI|MC|AS)$/, 'EU'],
  [/^(?:KS|KQ|TT|TW|AU|AX|SP|SI|CN|TO|SW)$/, 'Other countries'],
];
const TICKER =
  /\b[0-9A-Z]{1,6}[ .]([A-Z]{1,2}\d?)\b|\b(?:NYSE|NASDAQ|Nasdaq)\s*[:：]\s*[A-Z]{1,5}\b|Exchange:\s*(?:NYSE|NASDAQ|Nasdaq)/g;
/** Where the cover (the title and the opening text) says the company's stock is listed. */
const COVER_CHARS = 8000;

function listingCountry(sample: Sample): Country | null {
  const cover = `${sample.title}\n${(sample.cover ?? '').slice(0, COVER_CHARS)}\n${sample.text.slice(0, COVER_CHARS)}`;
  for (const match of cover.matchAll(TICKER)) {
    const code = match[1];
    if (code === undefined) return 'U.S.';
    const market = LISTING_MARKETS.find(([re]) => re.test(code));
    if (market) return market[1];
  }
  return null;
}

/**
 * The market a report is about. A company note's is where the company's stock is listed, as its
 * cover prints the ticker; otherwise places named in the title, then in the prose.
 */
export function classifyCountry(
  sample: Sample,
  kind: DocumentKind,
  language: ReportLanguage,
  reportType?: ReportType,
): Country {
  // SEC registrants and NYSE/Nasdaq releases address U.S. investors; A-share reports Chinese ones.
  if (
    kind === 'sec_filing' ||
    (kind === 'press_release' && /\((?:NYSE|Nasdaq|NASDAQ)\s*:/.test(sample.text))
  ) {
    return 'U.S.';
  }
  if (kind === 'cn_company_report') return 'China';
  const companyNote = reportType === 'company' || (kind === 'broker_note' && reportType === undefined);
  const listed = companyNote ? listingCountry(sample) : null;
  if (listed) return listed;
  if (kind === 'broker_note' && language === 'zh') return 'China';
  // A title that names a place (or says "Global") settles it.
  const inTitle = score(sample.title, COUNTRY_SIGNALS);
  const named = soleWinner({ ...inTitle, Global: 0 }) ?? (inTitle.Global > 0 ? 'Global' : null);
  if (named) return named;
  // Prose first: the "NTES US" of a peer table or the "US$" of an amount names no market. A
  // document of tables only (a register, a price report) is read whole.
  const inProse = score(proseText(sample.text), COUNTRY_SIGNALS);
  const scores = Object.values<number>(inProse).some((n) => n > 0)
    ? inProse
    : score(sample.text, COUNTRY_SIGNALS);
  const specific = (Object.keys(scores) as Country[])
    .filter((c) => c !== 'Global')
    .sort((a, b) => scores[b] - scores[a]);
  const top = specific[0];
  const best = top ? scores[top] : 0;
  if (!top || best === 0) return scores.Global > 0 || language === 'en' ? 'Global' : 'China';
  const spread = specific.filter((c) => scores[c] >= best * 0.4).length;
  if (scores.Global > best || spread >= 3) return 'Global';
  return top;
}

function score<K extends string>(text: string, signals: Record<K, RegExp>): Record<K, number> {
  const scores = {} as Record<K, number>;
  for (const key of Object.keys(signals) as K[]) scores[key] = text.match(signals[key])?.length ?? 0;
  return scores;
}

/** The key with the highest non-zero score, if no other key ties with it. */
function soleWinner<K extends string>(scores: Record<K, number>): K | null {
  const [first, second] = (Object.keys(scores) as K[]).sort((a, b) => scores[b] - scores[a]);
  if (!first || scores[first] === 0 || (second && scores[second] === scores[first])) return null;
  return first;
}
