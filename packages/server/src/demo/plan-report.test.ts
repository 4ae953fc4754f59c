import { ASSET_CLASSES, COUNTRIES } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { daysBetween, isWeekend, yearsBefore } from './dates.js';
import { DEMO_ISSUERS } from './issuers.js';
import { languagePack } from './language-pack.js';
import { planDemoReport } from './plan-report.js';

const TODAY = '2025-06-15';
const plans = Array.from({ length: 300 }, (_, index) => planDemoReport(2024, index, TODAY));
const HAN = /\p{Script=Han}/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

describe('planDemoReport', () => {
  it('is a pure function of seed and index', () => {
    expect(planDemoReport(2024, 17, TODAY)).toEqual(plans[17]);
    expect(planDemoReport(2024, 18, TODAY)).not.toEqual(plans[17]);
    expect(planDemoReport(2025, 17, TODAY)).not.toEqual(plans[17]);
  });

  it('spreads 300 reports over issuers, asset classes, countries and both languages', () => {
    expect(new Set(plans.map((plan) => plan.issuer)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(plans.map((plan) => plan.assetClass))).toEqual(new Set(ASSET_CLASSES));
    expect(new Set(plans.map((plan) => plan.country))).toEqual(new Set(COUNTRIES));
    const chinese = plans.filter((plan) => plan.language === 'zh').length / plans.length;
    expect(chinese).toBeGreaterThan(0.2);
    expect(chinese).toBeLessThan(0.4);
  });

  it('draws on at least 30 fictional issuers, about a third of them Chinese', () => {
    expect(DEMO_ISSUERS.length).toBeGreaterThanOrEqual(30);
    const chinese = DEMO_ISSUERS.filter((issuer) => HAN.test(issuer.name));
    expect(chinese.length / DEMO_ISSUERS.length).toBeGreaterThan(0.28);
    expect(chinese.every((issuer) => issuer.language === 'zh')).toBe(true);
    expect(new Set(DEMO_ISSUERS.map((issuer) => issuer.id)).size).toBe(DEMO_ISSUERS.length);
  });

  it('dates reports within five years, never after today: some today, some within a year, most older', () => {
    const oldest = yearsBefore(TODAY, 5);
    const ages = plans.map((plan) => daysBetween(plan.publishDate, TODAY));
    expect(plans.every((plan) => plan.publishDate >= oldest && plan.publishDate <= TODAY)).toBe(true);
    const today = ages.filter((age) => age === 0).length;
    const lastYear = ages.filter((age) => age > 0 && age < 365).length;
    const older = ages.filter((age) => age > 365).length;
    expect(today).toBeGreaterThanOrEqual(5);
    expect(today).toBeLessThanOrEqual(30);
    expect(lastYear).toBeGreaterThanOrEqual(45);
    expect(lastYear).toBeLessThanOrEqual(110);
    expect(older).toBeGreaterThanOrEqual(170);
    expect(today + lastYear + older).toBe(plans.length);
    const past = plans.filter((plan) => plan.publishDate !== TODAY);
    expect(past.every((plan) => !isWeekend(plan.publishDate))).toBe(true);
  });

  it('keeps page counts within 2..30 and uses the whole range', () => {
    const pages = plans.map((plan) => plan.pageCount);
    expect(pages.every((count) => Number.isInteger(count) && count >= 2 && count <= 30)).toBe(true);
    expect(Math.min(...pages)).toBe(2);
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(26);
  });

  it('names files after date, issuer and title', () => {
    for (const plan of plans) {
      expect(plan.fileName.startsWith(`${plan.publishDate}_`)).toBe(true);
      if (plan.language === 'en')
        expect(plan.fileName).toMatch(/^\d{4}-\d{2}-\d{2}_[A-Za-z0-9-]+_[A-Za-z0-9-]+\.pdf$/);
      else expect(plan.fileName).toMatch(/^\d{4}-\d{2}-\d{2}_[a-z-]+_report-\d{5}\.pdf$/);
    }
    const english = plans.find((plan) => plan.language === 'en');
    expect(english?.fileName).toContain(english?.issuer.replace(/ /g, '-'));
  });

  it('writes English plans in ASCII and Chinese titles in Chinese', () => {
    for (const plan of plans.filter((p) => p.language === 'en')) {
      const texts = [
        plan.title,
        plan.issuer,
        plan.reportType,
        ...plan.authors,
        ...plan.tags,
        ...Object.values(plan.stock ?? {}),
      ];
      expect(texts.filter((text) => !PRINTABLE_ASCII.test(text))).toEqual([]);
    }
    for (const plan of plans.filter((p) => p.language === 'zh')) {
      expect(plan.title).toMatch(HAN);
      expect(plan.authors.every((author) => /^\p{Script=Han}{2,3}$/u.test(author))).toBe(true);
    }
  });

  it('gives single-stock equity reports a ticker, a rating and a target price with currency', () => {
    const stocks = plans.filter((plan) => plan.stock);
    expect(stocks.length).toBeGreaterThan(20);
    expect(stocks.some((plan) => plan.language === 'zh')).toBe(true);
    for (const plan of stocks) {
      const stock = plan.stock!;
      expect(plan.assetClass).toBe('Equities');
      expect(stock.ticker).toMatch(
        /^([A-Z]{3,4}3? (US|GY|FP|NA|LN|IN|AU|CT|BZ)|\d{4} (JP|HK|TT)|\d{6} (KS|CH)|\d{6}\.(SH|SZ)|\d{4}\.HK)$/,
      );
      expect(languagePack(plan.language).stock.ratings).toContain(stock.rating);
      if (plan.language === 'en')
        expect(stock.targetPrice).toMatch(
          /^(USD|EUR|GBP|JPY|CNY|HKD|INR|KRW|TWD|BRL|AUD|CAD) [\d,]+(\.\d\d)?$/,
        );
      else expect(stock.targetPrice).toMatch(/^[\d,]+(\.\d\d)?\p{Script=Han}+$/u);
    }
    expect(
      stocks.some((plan) => plan.stock!.canonical.endsWith('.SH') || plan.stock!.canonical.endsWith('.SZ')),
    ).toBe(true);
  });

  it('tags each report with its topic first and 2-4 distinct tags', () => {
    for (const plan of plans) {
      const topicTags = languagePack(plan.language).topics.map((topic) => topic.tag);
      expect(topicTags).toContain(plan.tags[0]);
      expect(plan.tags.length).toBeGreaterThanOrEqual(2);
      expect(plan.tags.length).toBeLessThanOrEqual(4);
      expect(new Set(plan.tags).size).toBe(plan.tags.length);
    }
    const allTags = plans.flatMap((plan) => plan.tags);
    for (const word of ['inflation', 'yield curve', 'semiconductor', 'copper', '新能源', '房地产', '利率']) {
      expect(allTags.some((tag) => tag.toLowerCase().includes(word))).toBe(true);
    }
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => planDemoReport(1, 0, '2025-02-30')).toThrow(/YYYY-MM-DD/);
    expect(() => planDemoReport(1, 0, '15/06/2025')).toThrow(/YYYY-MM-DD/);
  });
});
