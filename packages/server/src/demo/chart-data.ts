import type { ReportLanguage } from '@rl/contract';
import type { FigureBook, MarketFigure } from './figures.js';
import type { Random } from './random.js';
import type { ChartSpec } from './types.js';

interface Scale {
  /** Starting level and the typical step between points. */
  level: number;
  step: number;
  /** Whether the series may cross zero (growth rates do, prices do not). */
  signed: boolean;
}

/** Chart titles that plot a figure the report states: the series moves around the stated value. */
const STATED: readonly (readonly [RegExp, MarketFigure])[] = [
  [/10[- ]?year|\b10Y\b|ten-year|10年期.*收益率/i, 'yield10'],
  [/policy rate|政策利率/i, 'policy'],
  [/\bGDP\b/, 'gdp'],
  [/\bCPI\b|inflation|通胀/i, 'cpi'],
  [/unemployment|失业率/i, 'unemployment'],
];

/** Guesses a plausible range from the unit in the title's brackets, e.g. `(% YoY)`, `(bp)`, `(USD/t)`. */
function scaleFor(title: string, random: Random, figures: FigureBook | undefined): Scale {
  const unit = /[(（]([^)）]*)[)）]\s*$/.exec(title)?.[1] ?? '';
  const stated = unit.includes('%') && figures ? STATED.find(([re]) => re.test(title))?.[1] : undefined;
  if (stated && figures) return { level: figures.market(stated), step: 0.06, signed: true };
  if (unit.includes('%')) return { level: random.float(-1, 7), step: 0.7, signed: true };
  if (unit.includes('bp')) return { level: random.float(40, 300), step: 9, signed: false };
  if (unit === 'x' || unit === '倍') return { level: random.float(8, 24), step: 0.8, signed: false };
  if (unit.includes('/')) {
    const level = 10 ** random.float(1.3, 4);
    return { level, step: level * 0.04, signed: false };
  }
  const level = random.float(60, 160);
  return { level, step: level * 0.06, signed: false };
}

function randomWalk(random: Random, scale: Scale, length: number): number[] {
  const values: number[] = [];
  let value = scale.level;
  // A gentle drift makes the series trend, as market charts usually do.
  const drift = random.float(-0.5, 0.5) * scale.step;
  for (let i = 0; i < length; i++) {
    value += drift + random.float(-1, 1) * scale.step;
    if (!scale.signed) value = Math.max(value, scale.level * 0.25);
    values.push(Number(value.toFixed(2)));
  }
  return values;
}

function yearLabels(year: number): string[] {
  return Array.from({ length: 7 }, (_, i) => {
    const y = year - 5 + i;
    return y >= year ? `${y}E` : String(y);
  });
}

/** The 24 months before the publish year. */
function monthLabels(year: number, language: ReportLanguage): string[] {
  return Array.from({ length: 24 }, (_, i) => {
    const month = i % 12;
    const y = String(year - 2 + Math.floor(i / 12)).slice(2);
    return language === 'zh' ? `${y}-${String(month + 1).padStart(2, '0')}` : `${MONTHS[month]}-${y}`;
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const AVERAGE = { en: 'Average', zh: '均值' } as const;

/** The series name is the title without its unit. */
function seriesName(title: string): string {
  return title.replace(/\s*[(（][^)）]*[)）]\s*$/, '').trim();
}

/** A bar chart over years or quarters, or a monthly line chart, with numbers that look like market data. */
export function makeChart(
  random: Random,
  title: string,
  language: ReportLanguage,
  year: number,
  figures?: FigureBook,
): ChartSpec {
  const scale = scaleFor(title, random, figures);
  const name = seriesName(title);
  const style = random.weighted([
    ['years', 3],
    ['quarters', 2],
    ['months', 5],
  ] as const);
  if (style === 'months') {
    const values = randomWalk(random, scale, 24);
    const series = [{ name, values }];
    if (random.chance(0.4)) {
      const mean = Number((values.reduce((sum, v) => sum + v, 0) / values.length).toFixed(2));
      series.push({ name: AVERAGE[language], values: values.map(() => mean) });
    }
    return { kind: 'line', title, categories: monthLabels(year, language), series };
  }
  if (style === 'years') {
    return {
      kind: 'bar',
      title,
      categories: yearLabels(year),
      series: [{ name, values: randomWalk(random, scale, 7) }],
    };
  }
  // Quarters: this year against last year, a common way to show seasonality.
  const quarters = language === 'zh' ? ['一季度', '二季度', '三季度', '四季度'] : ['Q1', 'Q2', 'Q3', 'Q4'];
  return {
    kind: 'bar',
    title,
    categories: quarters,
    series: [
      { name: String(year - 1), values: randomWalk(random, scale, 4) },
      { name: String(year), values: randomWalk(random, scale, 4) },
    ],
  };
}
