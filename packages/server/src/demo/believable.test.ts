import type { Country } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { identifyDocument } from '../pdf/identify-document.js';
import { readPdf } from '../pdf/read-pdf.js';
import { findStockInformation } from '../pdf/stock-info.js';
import { inferMetadata } from '../pdf/infer-metadata.js';
import { parseMoney, SECTOR_NAMES } from './companies.js';
import { languagePack } from './language-pack.js';
import { planDemoReport } from './plan-report.js';
import { renderDemoReport } from './render-report.js';
import { reportText } from './report-text.js';
import { statedFigures } from './stated-figures.js';
import { titleTemplate } from './titles.js';
import type { DemoReportPlan } from './types.js';

/** The library the first `npm start` seeds: default seed and count, on a fixed day. */
const SEED = 20261121;
const TODAY = '2026-11-21';
const plans = Array.from({ length: 300 }, (_, index) => planDemoReport(SEED, index, TODAY));
const texts = new Map(plans.map((plan) => [plan, reportText(plan)]));

/** Words that tie a sentence to one market; a note on another single market must not use them. */
const MARKERS: Partial<Record<Country, RegExp>> = {
  'U.S.': /\bthe Fed\b|\bTreasur(?:y|ies)\b|S&P 500|美联储降息/,
  EU: /\bECB\b|\bBunds?\b|Euro Stoxx|欧洲央行|德债|欧洲斯托克/,
  UK: /\bBoE\b|\bgilts?\b|FTSE|英国央行|英债|富时/,
  Japan: /\bBoJ\b|\bJGBs?\b|TOPIX|\byen\b|日本央行|日债|东证/,
  China: /\bPBoC\b|\bCGBs?\b|CSI 300|中国人民银行|沪深300|白酒|降准|商品房|专项债|城投/,
  India: /\bRBI\b|G-sec|Nifty|印度储备银行/,
};
/** Markets a note may discuss besides its own: the dollar and the Fed set global conditions. */
const SHARED: Partial<Record<Country, readonly Country[]>> = {
  China: ['U.S.'],
  EM: ['U.S.'],
  Japan: ['U.S.'],
};

/** Plausible ranges (per cent) for figures a note states about its market. */
const GDP: Partial<Record<Country, readonly [number, number]>> = {
  'U.S.': [0.5, 3.5],
  EU: [0, 2.5],
  UK: [0, 2.5],
  Japan: [0, 2],
  China: [3.5, 6],
  India: [5, 8.5],
};
const TEN_YEAR: Partial<Record<Country, readonly [number, number]>> = {
  'U.S.': [3, 5.5],
  EU: [1.5, 3.5],
  UK: [3, 5.5],
  Japan: [0.3, 2.2],
  China: [1.3, 3],
  India: [6, 8],
};
const FIGURE_PATTERNS: { name: string; re: RegExp; ranges?: typeof GDP }[] = [
  { name: 'GDP growth', re: /GDP growth of (-?\d+\.\d)%|GDP增长(-?\d+\.\d)%/, ranges: GDP },
  {
    name: '10Y yield',
    re: /ten-year \S+ yield at (\d+\.\d)%|10年期国债收益率中枢在(\d+\.\d)%|合理收益率约为(\d+\.\d)%/,
    ranges: TEN_YEAR,
  },
  { name: 'CPI', re: /CPI inflation slowed to (-?\d+\.\d)%|CPI同比上涨(-?\d+\.\d)%/ },
  {
    name: 'policy rate',
    re: /policy rate of (\d+\.\d)%|near the (\d+\.\d)% policy rate|接近(\d+\.\d)%的政策利率/,
  },
];

/**
 * What a reader finds plausible for figures the generator states, set apart from its own ranges:
 * shares of a whole under 100 %, a plant's utilisation 60-100 %, tariffs that cut GDP well under
 * 2 %, retail sales growth of -5..+10 % a year.
 */
const PLAUSIBLE: Record<string, readonly [number, number]> = {
  utilisation: [60, 100],
  tariffGdpHit: [0, 2],
  retailSalesYoy: [-5, 10],
  evShare: [0, 100],
  localisation: [0, 100],
  premiumShare: [0, 100],
  aiShareOfDemand: [0, 100],
  loanGrowth: [-2, 15],
  dividendYield: [1, 10],
  igSpread: [50, 250],
  hySpread: [200, 900],
  hyDefaultRate: [0.5, 12],
  equityRiskPremium: [1, 8],
  pe: [5, 40],
  gdp: [-3, 9],
  cpi: [-2, 10],
};
/** Sentences a reader quoted as impossible, matched on the printed words: [pattern, low, high]. */
const QUOTED: [RegExp, number, number][] = [
  [/utilisation to recover to about (-?\d+(?:\.\d+)?)%/g, 60, 100],
  [/产能利用率将在\S{2,4}回升至(-?\d+(?:\.\d+)?)%/g, 60, 100],
  [/拖累GDP约(-?\d+(?:\.\d+)?)%/g, 0, 2],
  [/cut GDP by about (-?\d+(?:\.\d+)?)%/g, 0, 2],
  [/retail sales up (-?\d+(?:\.\d+)?)% year on year/g, -5, 10],
  [/零售(?:销售|总额)同比增长(-?\d+(?:\.\d+)?)%/g, -5, 10],
];

/** Figures, not the digits of `Q3` or `2Y`. */
const NUMBER = /(?<![A-Za-z\d.])-?\d[\d,]*(?:\.\d+)?(?![A-Za-z\d])/g;

describe('the default demo library (300 reports)', () => {
  it('plans the same corpus again once the planner has forgotten it (deterministic for a seed)', () => {
    // Planning other corpora pushes this one out of the planner's memory.
    for (const day of ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08']) planDemoReport(SEED, 3, day);
    expect(planDemoReport(SEED, 299, TODAY)).toEqual(plans[299]);
  });

  it('gives every report its own title', () => {
    const titles = plans.map((plan) => plan.title);
    const repeated = titles.filter((title, i) => titles.indexOf(title) !== i);
    expect(repeated).toEqual([]);
  });

  it('writes every title for its report: no two differ only by year, market or number', () => {
    // The normalisation keeps what a reader compares: "Oil outlook 2026" and "Oil outlook 2027" are one title.
    expect(titleTemplate('Inflation outlook 2027: core cools slowly')).toBe(
      titleTemplate('UK Inflation outlook 2026: core cools slowly'),
    );
    expect(titleTemplate('关税上调：2026年国内出口展望')).toBe(titleTemplate('关税上调：2027年美国出口展望'));
    const byTemplate = new Map<string, string[]>();
    for (const { title } of plans) {
      const template = titleTemplate(title);
      byTemplate.set(template, [...(byTemplate.get(template) ?? []), title]);
    }
    expect([...byTemplate.values()].filter((titles) => titles.length > 1)).toEqual([]);
  });

  it('states every figure in the range of what it measures', () => {
    const wrong: string[] = [];
    const measured = new Set<string>();
    for (const [plan, lines] of texts) {
      for (const figure of statedFigures(lines, plan.language, plan.country)) {
        measured.add(figure.label);
        // Basis points print rounded to 5, per cent to 0.1.
        const slack = figure.range[1] >= 25 && /bp/.test(figure.sentence) ? 2.5 : 0.05;
        const [low, high] = PLAUSIBLE[figure.label] ?? figure.range;
        if (
          figure.value < Math.max(low, figure.range[0]) - slack ||
          figure.value > Math.min(high, figure.range[1]) + slack
        )
          wrong.push(`${plan.fileName}: ${figure.label} ${figure.value} in "${figure.sentence}"`);
      }
      // The figures a reader quoted back at us, read without the generator's templates.
      for (const line of lines)
        for (const [re, low, high] of QUOTED)
          for (const m of line.matchAll(re))
            if (Number(m[1]) < low || Number(m[1]) > high) wrong.push(`${plan.fileName}: ${line}`);
    }
    expect(measured.size).toBeGreaterThan(40);
    for (const label of Object.keys(PLAUSIBLE)) expect([...measured], label).toContain(label);
    expect(wrong).toEqual([]);
  });

  it('rates every company note consistently with its action, and names no cut or cautious stock a top pick', () => {
    const wrong: string[] = [];
    for (const plan of plans) {
      const { stock } = plan;
      if (!stock) continue;
      const { ratings } = languagePack(plan.language).stock;
      const step = ratings.indexOf(stock.rating as (typeof ratings)[number]);
      const previous =
        stock.previousRating === undefined
          ? undefined
          : ratings.indexOf(stock.previousRating as (typeof ratings)[number]);
      const fits = {
        // The scale runs Buy (0) to Sell (4): an upgrade moves up it, a downgrade down.
        upgrade: previous !== undefined && step < previous,
        downgrade: previous !== undefined && step > previous,
        maintain: previous === step,
        initiate: previous === undefined,
      }[stock.action];
      if (step < 0 || previous === -1 || !fits)
        wrong.push(`${plan.title}: ${stock.action} to ${stock.rating} from ${stock.previousRating ?? '-'}`);
      const text = texts.get(plan)!.join('\n');
      const name = stock.companyName;
      const topPick = text.includes(`top pick is ${name}`) || text.includes(`首推${name}`);
      const preferred = text.includes(`prefer ${name} over`) || text.includes(`更看好${name}`);
      if (topPick && (step !== 0 || stock.action === 'downgrade'))
        wrong.push(`${plan.title}: top pick at ${stock.rating} (${stock.action})`);
      if (preferred && step > 1) wrong.push(`${plan.title}: preferred at ${stock.rating}`);
      // A cautious rating does not come with the bull case's valuation argument.
      if (step > 1 && /below its five-year average|低于近五年均值/.test(text))
        wrong.push(`${plan.title}: cheap at ${stock.rating}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads back a report type for every report and a sector for every company note', async () => {
    const untyped: string[] = [];
    const unsectored: string[] = [];
    for (const plan of plans) {
      // Two pages: the cover and what follows decide the type and the sector; the rest only costs time.
      const pdf = await readPdf(await renderDemoReport({ ...plan, pageCount: 2 }), { maxPages: 8 });
      const meta = inferMetadata(pdf, plan.fileName, { today: TODAY });
      if (meta.reportType === 'other') untyped.push(`${plan.reportType}: ${plan.title}`);
      if (plan.stock) {
        const expected = Object.values(SECTOR_NAMES).find(
          (names) => names[plan.language] === plan.stock!.sector,
        );
        if (!expected || meta.sector !== expected.id)
          unsectored.push(`${plan.title}: ${plan.stock.sector} read as ${meta.sector}`);
        if (meta.reportType !== 'company')
          untyped.push(`${plan.reportType} (${meta.reportType}): ${plan.title}`);
      }
    }
    expect(plans.filter((plan) => plan.stock).length).toBeGreaterThan(60);
    expect(untyped).toEqual([]);
    expect(unsectored).toEqual([]);
  }, 600_000);

  it('states a figure the same way every time a report repeats it', () => {
    const conflicts: string[] = [];
    for (const [plan, lines] of texts) {
      // A sentence printed twice (same words, numbers aside) prints the same numbers.
      const bySkeleton = new Map<string, string>();
      for (const line of lines) {
        const numbers = (line.match(NUMBER) ?? []).join(' ');
        // Sentences only: the rows of one table share a shape and differ by design.
        if (numbers === '' || !/[.。]$/.test(line)) continue;
        const skeleton = line.replace(NUMBER, '#');
        const seen = bySkeleton.get(skeleton);
        if (seen !== undefined && seen !== numbers) conflicts.push(`${plan.fileName}: ${line} (was ${seen})`);
        bySkeleton.set(skeleton, numbers);
      }
      // A named figure has one value per report, wherever it is stated.
      for (const { name, re } of FIGURE_PATTERNS) {
        const values = new Set(lines.flatMap((line) => figureOf(re, line) ?? []));
        if (values.size > 1) conflicts.push(`${plan.fileName}: ${name} ${[...values].join(' / ')}`);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('keeps stated figures within ranges plausible for the market, and tables agree with the text', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [plan, lines] of texts) {
      for (const { name, re, ranges } of FIGURE_PATTERNS) {
        const range = ranges?.[plan.country];
        for (const value of lines.flatMap((line) => figureOf(re, line) ?? [])) {
          checked++;
          if (range && (value < range[0] || value > range[1]))
            wrong.push(`${plan.country} ${name} ${value}% in ${plan.fileName}`);
        }
      }
      const gdp = lines.map((line) => figureOf(FIGURE_PATTERNS[0]!.re, line)).find((v) => v !== null);
      const row = lines.find((line) => /^(Real GDP \(% YoY\)|实际GDP同比（%）) /.test(line));
      // The macro table's third column is next year, the year the GDP sentence forecasts.
      if (gdp != null && row) {
        const cells = row.replace(/^\S+(?: \S+)*? (?=-?\d)/, '').split(' ');
        if (Number(cells[2]) !== gdp) wrong.push(`${plan.fileName}: GDP ${gdp}% but table ${row}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('writes every note about its own market', () => {
    const foreign: string[] = [];
    for (const [plan, lines] of texts) {
      if (!MARKERS[plan.country]) continue;
      const text = lines.join('\n');
      for (const [country, re] of Object.entries(MARKERS) as [Country, RegExp][]) {
        if (country === plan.country || SHARED[plan.country]?.includes(country)) continue;
        const hit = re.exec(text)?.[0];
        if (hit) foreign.push(`${plan.country} note ${plan.fileName} says "${hit}" (${country})`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('has brokers follow the same companies over time, with initiations, upgrades and downgrades', () => {
    const stocks = plans.filter((plan) => plan.stock);
    const byCompany = new Map<string, DemoReportPlan[]>();
    for (const plan of stocks)
      byCompany.set(plan.stock!.canonical, [...(byCompany.get(plan.stock!.canonical) ?? []), plan]);
    const followed = [...byCompany.values()].filter(
      (notes) => notes.length >= 3 && new Set(notes.map((n) => n.issuer)).size >= 3,
    );
    expect(followed.length).toBeGreaterThanOrEqual(8);
    expect(followed.length).toBeLessThanOrEqual(15);
    const actions = stocks.map((plan) => plan.stock!.action);
    for (const action of ['initiate', 'maintain', 'upgrade', 'downgrade'] as const)
      expect(actions.filter((a) => a === action).length, action).toBeGreaterThanOrEqual(3);
    for (const plan of stocks) {
      const { stock } = plan;
      // A company note prints its ticker in the title; a change of rating names the old one.
      expect(plan.title).toContain(plan.language === 'zh' ? stock!.canonical.slice(0, 4) : stock!.ticker);
      if (stock!.action === 'upgrade' || stock!.action === 'downgrade')
        expect(stock!.previousRating).not.toBe(stock!.rating);
      if (stock!.action === 'initiate') expect(stock!.previousRating).toBeUndefined();
    }
  });

  it('prints research data that the PDF reader reads back as planned', async () => {
    const stocks = plans.filter((plan) => plan.stock && !plan.stock.canonical.endsWith('.BZ'));
    // Both languages and every action, a few of each.
    const sample = (['en', 'zh'] as const).flatMap((language) =>
      (['initiate', 'maintain', 'upgrade', 'downgrade'] as const).flatMap((action) =>
        stocks.filter((p) => p.language === language && p.stock!.action === action).slice(0, 2),
      ),
    );
    expect(sample.length).toBeGreaterThanOrEqual(12);
    const mismatches: string[] = [];
    for (const plan of sample) {
      const pdf = await readPdf(await renderDemoReport({ ...plan, pageCount: 2 }), { maxPages: 3 });
      const found = findStockInformation(pdf.pages, identifyDocument(pdf.pages), pdf.layout);
      const stock = plan.stock!;
      const target = parseMoney(stock.targetPrice);
      const previous = stock.previousTargetPrice ? parseMoney(stock.previousTargetPrice).amount : null;
      const expected = {
        ticker: stock.canonical,
        rating: stock.rating,
        rating_normalised: stock.ratingStep,
        rating_action: stock.action,
        target_price_value: target.amount,
        previous_target_price: previous,
      };
      const got = found[0]
        ? {
            ticker: found[0].ticker,
            rating: found[0].rating,
            rating_normalised: found[0].rating_normalised,
            rating_action: found[0].rating_action,
            target_price_value: found[0].target_price_value,
            previous_target_price: found[0].previous_target_price ?? null,
          }
        : null;
      if (found.length !== 1 || JSON.stringify(got) !== JSON.stringify(expected))
        mismatches.push(`${plan.title}: expected ${JSON.stringify(expected)}, read ${JSON.stringify(found)}`);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

function figureOf(re: RegExp, line: string): number | null {
  const m = re.exec(line);
  const value = m?.slice(1).find((group) => group !== undefined);
  return value === undefined ? null : Number(value);
}
