import type { Country, ReportLanguage } from '@rl/contract';

/** Words that tie a sentence to the report's country. */
export interface MarketWords {
  /** `the US` / `美国` */
  region: string;
  /** `US` in `US banks` */
  adj: string;
  /** Central bank, `the Fed` / `美联储` */
  cb: string;
  /** Currency, `USD` / `美元` */
  ccy: string;
  /** Equity index */
  idx: string;
  /** Government bonds */
  bond: string;
}

type Words = [region: string, adj: string, cb: string, ccy: string, idx: string, bond: string];

/** 'Other countries' has several faces; a report picks one. */
const ENGLISH: Record<Country, readonly Words[]> = {
  'U.S.': [['the US', 'US', 'the Fed', 'USD', 'S&P 500', 'Treasury']],
  EU: [['the euro area', 'European', 'the ECB', 'EUR', 'Euro Stoxx 50', 'Bund']],
  UK: [['the UK', 'UK', 'the BoE', 'GBP', 'FTSE 100', 'gilt']],
  EM: [['emerging markets', 'EM', 'EM central banks', 'EM FX', 'MSCI EM', 'EM local-currency']],
  China: [['China', 'China', 'the PBoC', 'CNY', 'CSI 300', 'CGB']],
  Japan: [['Japan', 'Japan', 'the BoJ', 'JPY', 'TOPIX', 'JGB']],
  India: [['India', 'India', 'the RBI', 'INR', 'Nifty 50', 'G-sec']],
  Global: [['the global economy', 'Global', 'major central banks', 'USD', 'MSCI ACWI', 'global government']],
  'Other countries': [
    ['Australia', 'Australia', 'the RBA', 'AUD', 'ASX 200', 'ACGB'],
    ['Canada', 'Canada', 'the BoC', 'CAD', 'TSX Composite', 'Canada'],
    ['Switzerland', 'Swiss', 'the SNB', 'CHF', 'SMI', 'Swiss Confederation'],
  ],
};

const CHINESE: Record<Country, readonly Words[]> = {
  'U.S.': [['美国', '美国', '美联储', '美元', '标普500指数', '美债']],
  EU: [['欧元区', '欧洲', '欧洲央行', '欧元', '欧洲斯托克50指数', '德债']],
  UK: [['英国', '英国', '英国央行', '英镑', '富时100指数', '英债']],
  EM: [['新兴市场', '新兴市场', '新兴市场央行', '新兴市场货币', 'MSCI新兴市场指数', '新兴市场本币债']],
  China: [['中国', '国内', '中国人民银行', '人民币', '沪深300指数', '国债']],
  Japan: [['日本', '日本', '日本央行', '日元', '东证指数', '日债']],
  India: [['印度', '印度', '印度储备银行', '卢比', 'Nifty 50指数', '印度国债']],
  Global: [['全球', '全球', '全球主要央行', '美元', 'MSCI全球指数', '全球国债']],
  'Other countries': [
    ['澳大利亚', '澳洲', '澳洲联储', '澳元', '澳洲200指数', '澳债'],
    ['加拿大', '加拿大', '加拿大央行', '加元', '多伦多综合指数', '加拿大国债'],
  ],
};

/**
 * The words for a country. `key` picks among several faces ('Other countries'); the planner and the
 * composer pass the same key so a title and its body name the same country.
 */
export function marketWords(language: ReportLanguage, country: Country, key: number): MarketWords {
  const choices = (language === 'zh' ? CHINESE : ENGLISH)[country];
  const [region, adj, cb, ccy, idx, bond] = choices[key % choices.length] as Words;
  return { region, adj, cb, ccy, idx, bond };
}

/** Every word of every market's face, both languages, longest first: what a title's template leaves out. */
export const MARKET_NAMES: readonly string[] = [
  ...new Set([ENGLISH, CHINESE].flatMap((table) => Object.values(table).flatMap((faces) => faces.flat()))),
].sort((a, b) => b.length - a.length);
