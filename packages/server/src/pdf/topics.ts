import type { ReportLanguage } from '@rl/contract';
import type { Sample } from './classify.js';
import { proseText } from './keywords.js';

interface Topic {
  en: string;
  zh: string;
  re: RegExp;
}

/** Short topic tags a research library filters by, with what signals them in either language. */
const TOPICS: Topic[] = [
  {
    en: 'Earnings',
    zh: '业绩',
    re: /\b(?:earnings|net income|EPS|revenues?|operating results)\b|业绩|净利润|营业收入|每股收益/gi,
  },
  { en: 'Guidance', zh: '业绩指引', re: /\b(?:guidance|outlook|forecasts?)\b|盈利预测|业绩预告|展望/gi },
  {
    en: 'Dividends',
    zh: '分红',
    re: /\b(?:dividends?|buybacks?|share repurchases?)\b|分红|现金红利|利润分配|回购/gi,
  },
  { en: 'M&A', zh: '并购', re: /\b(?:acquisitions?|mergers?|divestitures?)\b|并购|收购|重组|资产出售/gi },
  {
    en: 'Debt',
    zh: '债务',
    re: /\b(?:notes due|credit facilit(?:y|ies)|borrowings|indebtedness)\b|借款|债务|负债率/gi,
  },
  { en: 'Inflation', zh: '通胀', re: /\b(?:inflation|consumer prices|CPI|PCE)\b|通胀|通货膨胀|物价/gi },
  {
    en: 'Monetary policy',
    zh: '货币政策',
    re: /\b(?:monetary policy|policy rates?|FOMC|federal funds|central banks?)\b|货币政策|降息|加息|央行|存款准备金/gi,
  },
  {
    en: 'Labor market',
    zh: '就业',
    re: /\b(?:employment|unemployment|labou?r market|payrolls|layoffs?)\b|就业|失业/gi,
  },
  {
    en: 'Financial stability',
    zh: '金融稳定',
    re: /\b(?:financial stability|systemic risks?|stress tests?|NBFIs?|nonbank)\b|金融稳定|系统性风险/gi,
  },
  {
    en: 'Energy',
    zh: '能源',
    re: /\b(?:oil|natural gas|energy|ethanol|biodiesel|electricity|utilit(?:y|ies))\b|能源|电力|原油|新能源/gi,
  },
  { en: 'Solar', zh: '光伏', re: /\b(?:solar|photovoltaics?|PV)\b|光伏|硅片/gi },
  {
    en: 'Technology',
    zh: '科技',
    re: /\b(?:semiconductors?|software|cloud|artificial intelligence|AI|data cent(?:er|re)s?)\b|半导体|软件|人工智能|芯片|大模型/gi,
  },
  {
    en: 'Healthcare',
    zh: '医药',
    re: /\b(?:pharmaceuticals?|drugs?|vaccines?|healthcare|patients|clinical)\b|医药|疫苗|医疗|药品/gi,
  },
  {
    en: 'Consumer',
    zh: '消费',
    re: /\b(?:retail|consumers?|stores|e-commerce|beverages?|food)\b|消费|零售|食品|饮料/gi,
  },
  { en: 'Banking', zh: '银行', re: /\b(?:banks?|banking|deposits|loans)\b|银行|存款|贷款/gi },
  {
    en: 'Aerospace & defense',
    zh: '航空航天与国防',
    re: /\b(?:aircraft|airplanes?|aerospace|defen[cs]e)\b|航空航天|军工|飞机/gi,
  },
  {
    en: 'Transportation',
    zh: '交通运输',
    re: /\b(?:airlines?|air travel|passengers?|shipping (?:lines|rates|companies|industry)|logistics|freight|railroads?|railways?|trucking|parcels?)\b|物流|运输|航运|集装箱/gi,
  },
  { en: 'Machinery', zh: '机械', re: /\b(?:machinery|industrial equipment)\b|机械|设备制造/gi },
  {
    en: 'Agriculture',
    zh: '农业',
    re: /\b(?:agricultur(?:e|al)|soybeans?|corn|crops?|livestock)\b|农业|农产品|兽用|养殖/gi,
  },
  {
    en: 'Regulation',
    zh: '监管',
    re: /\b(?:regulations?|regulatory|rulemaking|compliance|directives?)\b|监管|法规|合规/gi,
  },
  {
    en: 'Fiscal policy',
    zh: '财政',
    // A company's "fiscal 2016" or "capital expenditures" is no fiscal policy.
    re: /\b(?:fiscal (?:policy|policies|stimulus|deficits?|spending|consolidation|expansion|tightening|support|space|rules?|outlook)|(?:budget|government|public|federal) deficits?|(?:government|federal|state) budgets?|government debt|public debt|(?:government|public) (?:spending|expenditures?)|tax cuts?)\b|财政政策|财政赤字|财政支出|财政收入|财政刺激|积极财政|赤字率|专项债|政府债务/gi,
  },
  { en: 'Real estate', zh: '房地产', re: /\b(?:housing|real estate|mortgages?|rents?)\b|房地产|楼市|住房/gi },
  {
    en: 'Crypto',
    zh: '加密资产',
    re: /\b(?:stablecoins?|crypto(?:currenc(?:y|ies)|assets?)?|bitcoin)\b|稳定币|加密/gi,
  },
];

/** A topic needs this many mentions (one in the title counts as five) to become a tag. */
const MIN_MENTIONS = 3;
const TITLE_WEIGHT = 5;

/**
 * The topics a document is most about, as tags in its language, strongest first: counted in its
 * title and its prose, never in table rows or chart labels (a "Fuel" row of an income statement
 * makes no energy report).
 */
export function topicTags(sample: Sample, language: ReportLanguage, limit: number): string[] {
  const prose = proseText(sample.text);
  return TOPICS.map((t) => ({
    tag: t[language],
    n: (prose.match(t.re)?.length ?? 0) + TITLE_WEIGHT * (sample.title.match(t.re)?.length ?? 0),
  }))
    .filter((t) => t.n >= MIN_MENTIONS)
    .sort((a, b) => b.n - a.n)
    .slice(0, limit)
    .map((t) => t.tag);
}

/**
 * A keyword written as a tag: tags start with a capital ("Inflation", "Creative cloud"), so a
 * keyword and a topic of the same name are one tag whichever produced it. Acronyms and names
 * keep their capitals; Chinese is left as it is.
 */
export function asTag(term: string): string {
  return /^\p{Ll}/u.test(term) ? term.charAt(0).toUpperCase() + term.slice(1) : term;
}

/** Names of the asset classes and countries in Chinese, for tags of Chinese documents. */
export const ZH_LABELS: Record<string, string> = {
  Equities: '股票',
  FX: '外汇',
  Rates: '利率',
  Commodities: '大宗商品',
  Credit: '信用',
  'Cross Assets': '跨资产',
  Economics: '宏观经济',
  'U.S.': '美国',
  EU: '欧盟',
  UK: '英国',
  EM: '新兴市场',
  China: '中国',
  Japan: '日本',
  India: '印度',
  Global: '全球',
  'Other countries': '其他国家',
};
