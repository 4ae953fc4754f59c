import type { Country } from '@rl/contract';
import type { Random } from './random.js';

/**
 * Figures a report states about its market. A template names one as `{pct:gdp}`; every mention in a
 * report gets the same value (one scenario per report), drawn from a range that fits the market.
 */
export const MARKET_FIGURES = [
  'gdp',
  'cpi',
  'wage',
  'unemployment',
  'policy',
  'neutral',
  'yield10',
  'breakeven',
  'deficit',
  'wacc',
  /** Policy rate cuts over the next twelve months, in basis points. */
  'cuts',
] as const;
export type MarketFigure = (typeof MARKET_FIGURES)[number];

type Range = readonly [min: number, max: number];

/** Plausible ranges for 2020s economies, in per cent (cuts in basis points). */
const RANGES: Record<MarketFigure, Partial<Record<Country, Range>> & { default: Range }> = {
  gdp: {
    default: [1, 2.5],
    'U.S.': [1.2, 2.8],
    EU: [0.3, 1.6],
    UK: [0.2, 1.6],
    Japan: [0.2, 1.3],
    China: [4.2, 5.3],
    India: [5.8, 7.4],
    EM: [2.5, 4.5],
    Global: [2.6, 3.3],
  },
  cpi: {
    default: [2, 3.5],
    'U.S.': [2.2, 3.6],
    EU: [1.8, 3],
    UK: [2, 4],
    Japan: [1.5, 3],
    China: [-0.3, 1.2],
    India: [3.5, 5.5],
    EM: [3, 6],
    Global: [2.6, 4],
  },
  wage: { default: [3, 5], Japan: [1.5, 3.2], China: [4, 6.5], India: [7, 9.5], EM: [5, 8] },
  unemployment: {
    default: [4, 5.5],
    'U.S.': [3.7, 4.6],
    EU: [6.1, 6.8],
    UK: [4, 5.2],
    Japan: [2.4, 2.8],
    China: [5, 5.4],
    India: [7, 8.5],
    EM: [5.5, 9],
  },
  policy: {
    default: [3, 4.25],
    'U.S.': [3.75, 5.25],
    EU: [2, 3.75],
    UK: [3.75, 5],
    Japan: [0.1, 0.75],
    China: [1.4, 1.8],
    India: [5.5, 6.5],
    EM: [6, 11],
    Global: [3, 4.5],
  },
  neutral: {
    default: [2.5, 3.25],
    'U.S.': [2.75, 3.5],
    EU: [1.75, 2.5],
    UK: [3, 3.75],
    Japan: [0.5, 1.25],
    China: [1.3, 1.8],
    India: [5.5, 6.25],
    EM: [5, 8],
  },
  yield10: {
    default: [3, 4.3],
    'U.S.': [3.8, 4.8],
    EU: [2, 2.9],
    UK: [3.8, 4.8],
    Japan: [0.6, 1.8],
    China: [1.6, 2.6],
    India: [6.5, 7.3],
    EM: [6, 10],
    Global: [3, 4.2],
  },
  breakeven: {
    default: [1.9, 2.6],
    UK: [3.2, 3.8],
    Japan: [1, 1.6],
    China: [1, 2],
    India: [4, 5],
    EM: [3, 5],
  },
  cuts: { default: [25, 100], China: [10, 40], Japan: [10, 25], EM: [50, 200], India: [25, 75] },
  wacc: { default: [7.5, 10.5], China: [8, 10], Japan: [6.5, 8.5] },
  deficit: { default: [2.5, 5], China: [3, 4], India: [4.5, 5.9], 'U.S.': [5.5, 7], Japan: [3, 6] },
};

export function figureRange(figure: MarketFigure, country: Country): Range {
  const ranges = RANGES[figure];
  return ranges[country] ?? ranges.default;
}

export function isMarketFigure(label: string): label is MarketFigure {
  return (MARKET_FIGURES as readonly string[]).includes(label);
}

/**
 * The figures of one report: a labelled figure is drawn once and kept; an unlabelled one is kept per
 * template, so a sentence printed twice states the same number twice.
 */
export class FigureBook {
  private readonly values = new Map<string, string>();

  constructor(
    private readonly country: Country,
    private readonly random: Random,
  ) {}

  /** `key` names the figure; `draw` makes its printed form the first time. */
  get(key: string, draw: () => string): string {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = draw();
    this.values.set(key, value);
    return value;
  }

  /** A market figure as a number (tables and charts print it too): per cent to 0.1, basis points to 5. */
  market(figure: MarketFigure): number {
    const round = (value: number) =>
      figure === 'cuts' ? String(Math.round(value / 5) * 5) : value.toFixed(1);
    return Number(this.get(`market:${figure}`, () => round(this.draw(figure))));
  }

  /** How a template prints the figure: `1.7%`, `50bp`. */
  printed(figure: MarketFigure): string {
    return figure === 'cuts' ? `${this.market(figure)}bp` : `${this.market(figure).toFixed(1)}%`;
  }

  private draw(figure: MarketFigure): number {
    const [min, max] = figureRange(figure, this.country);
    return this.random.float(min, max);
  }
}
