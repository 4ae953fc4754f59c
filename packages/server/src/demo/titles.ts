import type { AssetClass, ReportLanguage } from '@rl/contract';
import { MARKET_NAMES } from './markets.js';

/**
 * Generic angles a research title takes on its subject, so 300 notes on ~50 topics never repeat a
 * title. `{s}` is the subject (`UK Inflation`, `国内银行`); other placeholders are the templates'.
 */
export const TITLE_ANGLES: Record<ReportLanguage, readonly string[]> = {
  en: [
    '{s}: what the market is missing',
    '{s}: three questions for {next}',
    '{s}: our view after {q}',
    '{s}: positioning check',
    '{s}: where consensus is wrong',
    '{s}: risks skewed to the upside',
    '{s}: risks skewed to the downside',
    '{s}: our {next} playbook',
    '{s}: what the data say so far',
    '{s}: a mid-year check',
    '{s}: five charts that matter',
    '{s}: between policy and data',
    '{s}: stress-testing our view',
    '{s} monthly: {term} in focus',
    '{s}: what changes in {next}',
    '{s}: {term} takes centre stage',
    '{s}: reading the {q} signals',
    '{s}: the case for patience',
  ],
  zh: [
    '{s}：市场忽视了什么',
    '{s}：{next}年的三个问题',
    '{s}：{q}回顾与展望',
    '{s}：持仓与估值跟踪',
    '{s}：一致预期或将修正',
    '{s}：风险偏向上行',
    '{s}：风险偏向下行',
    '{s}{next}年策略',
    '{s}月报：关注{term}',
    '{s}：数据跟踪',
    '{s}：五张图看懂{term}',
    '{s}：政策与数据的博弈',
    '{s}：压力测试',
    '{s}中期展望',
    '{s}：{term}成为主线',
    '{s}：{q}信号解读',
  ],
};

/** Commodities are global markets: their subject carries no country. */
export function titleSubject(
  language: ReportLanguage,
  assetClass: AssetClass,
  adj: string,
  tag: string,
): string {
  if (assetClass === 'Commodities') return tag;
  return language === 'zh' ? `${adj}${tag}` : `${adj} ${tag}`;
}

/** Country and market names as they appear in titles besides the markets' own words. */
const PLACES =
  /\b(?:u\.s\.|us|usa|america|american|europe|european|euro area|eurozone|uk|britain|british|china|chinese|japan|japanese|india|indian|asia|asian|em|emerging markets?|global|australia|canada|swiss|switzerland|other countries)\b|美国|欧洲|欧元区|英国|中国|日本|印度|亚洲|新兴市场|全球|海外|国内|澳大利亚|澳洲|加拿大/g;
const MARKET_WORDS = MARKET_NAMES.map((name) => {
  const escaped = name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(/[a-z]/.test(escaped) ? `(?<![a-z])${escaped}(?![a-z])` : escaped, 'g');
});
const MONTHS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/g;
const PERIODS = /\b(?:q[1-4]|h[12]|[1-4]q|fy\d*)\b|[一二三四]季度|上半年|下半年|年度|年|月|日/g;

/**
 * A title's template: the title without years, dates, quarters, numbers, regions and markets. Two
 * titles with one template read as one title reused ("Oil outlook 2026" and "Oil outlook 2027").
 */
export function titleTemplate(title: string): string {
  let text = title.toLowerCase();
  for (const name of MARKET_WORDS) text = text.replace(name, ' ');
  return text
    .replace(PLACES, ' ')
    .replace(MONTHS, ' ')
    .replace(/\d+(?:[.,]\d+)*/g, ' ')
    .replace(PERIODS, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
