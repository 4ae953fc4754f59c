import type { AssetClass, Country } from '@rl/contract';
import type { ReportLanguage } from '@rl/contract';
import type { DocumentKind } from './identify-document.js';

/** What is scored: the title, which names the subject when it names one, and the opening pages. */
export interface Sample {
  title: string;
  text: string;
}

const ASSET_SIGNALS: Record<AssetClass, RegExp> = {
  Equities:
    /\b(?:equit(?:y|ies)|stocks?|shares|shareholders?|EPS|earnings per share|P\/E|price target|target price|dividends?|buybacks?|IPO|market cap(?:italization)?|overweight|outperform)\b|股票|A股|港股|个股|股价|每股收益|市盈率|目标价|估值|分红|买入|增持|上市公司/gi,
  FX: /\b(?:currenc(?:y|ies)|exchange rates?|FX|foreign exchange|USD\/\w+|\w+\/JPY|\w+\/CNY|yen|renminbi|sterling|dollar (?:index|strength|weakness))\b|汇率|外汇|结售汇|升值|贬值|(?<!币种[:：]\s?)人民币(?!普通股|元|万元|亿元|计价)/gi,
  Rates:
    /\b(?:interest rates?|yields?|treasur(?:y|ies)|government bonds?|sovereign (?:bonds?|debt)|duration|yield curve|policy rates?|federal funds|basis points|rate (?:hikes?|cuts?)|term premi(?:um|a)|gilts?|bunds?|JGBs?)\b|利率|国债|收益率曲线|降息|加息|基点|政策利率/gi,
  Credit:
    /\b(?:credit spreads?|spreads?|high[- ]yield|investment[- ]grade|corporate bonds?|defaults?|CDS|leveraged loans?|private credit|downgrades?)\b|信用债|信用利差|违约|利差|城投|高收益债|公司债|企业债/gi,
  Commodities:
    /\b(?:commodit(?:y|ies)|oil|crude|Brent|WTI|natural gas|LNG|gold|silver|copper|alumin(?:i)?um|iron ore|metals?|ethanol|biodiesel|soybeans?|corn|wheat|grains?|livestock|tallow|OPEC)\b|大宗商品|原油|铜价|黄金|白银|铁矿石|煤炭|天然气|有色金属|农产品|期货/gi,
  Economics:
    /\b(?:GDP|inflation|unemployment|labou?r market|econom(?:y|ic|ies)|recession|consumer prices?|CPI|PCE|PMI|payrolls|wages|fiscal|productivity|output gap|monetary policy)\b|宏观|经济|通胀|通货膨胀|就业|失业率|PMI|CPI|财政|货币政策/gi,
  'Cross Assets':
    /\b(?:multi[- ]asset|cross[- ]asset|asset allocation|portfolio strategy|risk assets?|asset prices)\b|大类资产|资产配置|跨资产|多资产/gi,
};

/** Documents about one listed company are equity research material whatever they discuss. */
const COMPANY_KINDS: readonly DocumentKind[] = [
  'sec_filing',
  'press_release',
  'cn_company_report',
  'broker_note',
];

export function classifyAssetClass(sample: Sample, kind: DocumentKind): AssetClass {
  if (COMPANY_KINDS.includes(kind)) return 'Equities';
  const named = soleWinner(score(sample.title, ASSET_SIGNALS));
  if (named) return named;
  const scores = score(sample.text, ASSET_SIGNALS);
  const ranked = (Object.keys(scores) as AssetClass[]).sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0] ?? 'Economics';
  const best = scores[top];
  if (best === 0) return 'Economics';
  // Several markets discussed about equally is what a cross-asset report looks like.
  const markets = ranked.filter((c) => c !== 'Economics' && c !== 'Cross Assets' && scores[c] >= best * 0.6);
  if (scores['Cross Assets'] >= best * 0.5 || markets.length >= 3) return 'Cross Assets';
  return top;
}

const COUNTRY_SIGNALS: Record<Country, RegExp> = {
  'U.S.':
    /U\.S\.(?!\w)|\b(?:United States|US|USA|Americans?|Federal Reserve|FOMC|Treasur(?:y|ies)|S&P 500|NYSE|Nasdaq|Dow Jones|New York|California)\b|美国|美联储|美股|美元|纳斯达克/g,
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

export function classifyCountry(sample: Sample, kind: DocumentKind, language: ReportLanguage): Country {
  // SEC registrants and NYSE/Nasdaq releases address U.S. investors; A-share reports Chinese ones.
  if (
    kind === 'sec_filing' ||
    (kind === 'press_release' && /\((?:NYSE|Nasdaq|NASDAQ)\s*:/.test(sample.text))
  ) {
    return 'U.S.';
  }
  if (kind === 'cn_company_report' || (kind === 'broker_note' && language === 'zh')) return 'China';
  // A title that names a place (or says "Global") settles it.
  const inTitle = score(sample.title, COUNTRY_SIGNALS);
  const named = soleWinner({ ...inTitle, Global: 0 }) ?? (inTitle.Global > 0 ? 'Global' : null);
  if (named) return named;
  const scores = score(sample.text, COUNTRY_SIGNALS);
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
