import type { Country, ReportLanguage } from '@rl/contract';
import { groupThousands } from './companies.js';
import type { FigureBook, MarketFigure } from './figures.js';
import type { MarketWords } from './markets.js';
import type { Random } from './random.js';
import type { TableLabels } from './table-labels.js';
import type { TableSpec } from './types.js';

export type TableKind =
  | 'forecast'
  | 'peers'
  | 'results'
  | 'scenario'
  | 'sensitivity'
  | 'rates'
  | 'fx'
  | 'commodities'
  | 'credit'
  | 'allocation'
  | 'macro';

export interface TableContext {
  random: Random;
  language: ReportLanguage;
  labels: TableLabels;
  country: Country;
  market: MarketWords;
  year: number;
  quarter: string;
  keywords: readonly string[];
  ratings: readonly string[];
  peers: readonly { name: string; ticker: string }[];
  /** Single-stock reports: the share price the target is measured against. */
  stock?: { price: number; currency: string };
  /** The report's scenario: macro and rates tables print the figures its text states. */
  figures?: FigureBook;
}

/** Fixed decimals with thousands separators. */
function formatNumber(value: number, decimals: number): string {
  const [integer = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 && Number(value.toFixed(decimals)) !== 0 ? '-' : '';
  return `${sign}${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
}

function fillLabel(text: string, context: TableContext): string {
  const words: Record<string, string> = {
    ccy: context.stock?.currency ?? context.market.ccy,
    bond: context.market.bond,
    region: context.market.region,
    next: String(context.year + 1),
    q: context.quarter,
    term: context.keywords[0] ?? '',
  };
  return text.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? key);
}

/** Rough spot levels, so forecast tables look like real market levels. */
const FX_SPOT: Record<string, number> = {
  'EUR/USD': 1.09,
  'USD/JPY': 148,
  'GBP/USD': 1.27,
  'USD/CNY': 7.18,
  'AUD/USD': 0.66,
  DXY: 103.5,
  'EUR/GBP': 0.86,
  'EUR/JPY': 160,
  'EUR/CHF': 0.95,
  'GBP/JPY': 188,
  'AUD/JPY': 98,
  'USD/CNH': 7.2,
  'USD/HKD': 7.81,
  'USD/INR': 83.2,
  'EUR/INR': 90.5,
  'USD/BRL': 5.1,
  'USD/MXN': 17.5,
  'USD/ZAR': 18.6,
  'USD/KRW': 1330,
  'USD/CAD': 1.36,
  'USD/CHF': 0.88,
  'NZD/USD': 0.61,
};
const FX_PAIRS: Record<Country, readonly string[]> = {
  'U.S.': ['EUR/USD', 'USD/JPY', 'GBP/USD', 'USD/CNY', 'DXY'],
  Global: ['EUR/USD', 'USD/JPY', 'GBP/USD', 'USD/CNY', 'AUD/USD', 'DXY'],
  EU: ['EUR/USD', 'EUR/GBP', 'EUR/JPY', 'EUR/CHF'],
  UK: ['GBP/USD', 'EUR/GBP', 'GBP/JPY'],
  Japan: ['USD/JPY', 'EUR/JPY', 'AUD/JPY'],
  China: ['USD/CNY', 'USD/CNH', 'USD/HKD', 'EUR/USD'],
  India: ['USD/INR', 'EUR/INR', 'USD/CNY'],
  EM: ['USD/BRL', 'USD/MXN', 'USD/ZAR', 'USD/KRW', 'USD/INR'],
  'Other countries': ['AUD/USD', 'USD/CAD', 'USD/CHF', 'NZD/USD'],
};
const COMMODITY_SPOT = [82, 9200, 2350, 2300, 110];

/** Spot plus forecasts drifting from it, for FX, commodity and rates tables. */
function path(random: Random, spot: number, steps: number, drift: number): number[] {
  const values = [spot];
  for (let i = 1; i <= steps; i++) values.push(spot * (1 + (drift * i) / steps + random.float(-0.01, 0.01)));
  return values;
}

const decimalsFor = (value: number): number => (value >= 1000 ? 0 : value >= 100 ? 1 : value >= 10 ? 2 : 4);

type Builder = (context: TableContext, labels: TableLabels) => TableSpec;

const BUILDERS: Record<TableKind, Builder> = {
  forecast: ({ random, year, stock }, { forecast }) => {
    const price = stock?.price ?? 50;
    const years = [year - 2, year - 1, year, year + 1, year + 2];
    let revenue = 10 ** random.float(3, 5.3);
    const margin = random.float(0.05, 0.25);
    const shares = (revenue * margin) / (price / random.float(10, 30));
    const priceToBook = random.float(0.8, 6);
    const payout = random.float(0.2, 0.6);
    const columns = years.map((_, i) => {
      const growth = random.float(-0.05, 0.25);
      if (i > 0) revenue *= 1 + growth;
      const profit = revenue * (margin + random.float(-0.02, 0.02));
      const eps = profit / shares;
      const pe = price / eps;
      return [
        revenue,
        growth * 100,
        profit,
        eps,
        pe,
        priceToBook,
        (priceToBook / pe) * 100,
        (payout / pe) * 100,
      ];
    });
    return {
      title: forecast.title,
      header: [forecast.year, ...years.map((y) => `${y}${y < year ? 'A' : 'E'}`)],
      rows: forecast.rows.map((row, r) => [
        row,
        ...columns.map((column) => formatNumber(column[r] ?? 0, r === 0 || r === 2 ? 0 : r === 3 ? 2 : 1)),
      ]),
    };
  },
  peers: ({ random, peers, ratings }, { peers: labels }) => ({
    title: labels.title,
    header: [...labels.header],
    rows: peers.map((peer) => {
      const pe = random.float(8, 35);
      return [
        peer.name,
        peer.ticker,
        random.pick(ratings),
        formatNumber(pe, 1),
        formatNumber(pe * random.float(0.75, 0.95), 1),
        formatNumber(random.float(0, 5), 1),
      ];
    }),
  }),
  results: ({ random }, { results }) => ({
    title: results.title,
    header: [...results.header],
    rows: results.rows.map((row, r) => {
      const actual = r === 4 ? random.float(0.5, 8) : 10 ** random.float(2, 4.5) / (r + 1);
      const decimals = r === 4 ? 2 : 0;
      return [
        row,
        formatNumber(actual, decimals),
        formatNumber(actual * random.float(0.9, 1.1), decimals),
        formatNumber(actual * random.float(0.92, 1.08), decimals),
        formatNumber(random.float(-15, 35), 1),
      ];
    }),
  }),
  scenario: ({ random, stock }, { scenario }) => {
    const base = stock?.price ?? random.float(2, 120);
    const probabilities = [random.int(15, 30), 0, random.int(15, 30)];
    probabilities[1] = 100 - (probabilities[0] ?? 0) - (probabilities[2] ?? 0);
    return {
      title: scenario.title,
      header: [...scenario.header],
      rows: scenario.rows.map((row, r) => [
        row,
        String(probabilities[r]),
        scenario.assumption[r] ?? '',
        formatNumber(base * [1.3, 1.05, 0.75][r]!, decimalsFor(base)),
      ]),
    };
  },
  sensitivity: ({ random, stock }, { sensitivity }) => {
    const base = stock?.price ?? random.float(2, 120);
    const growth = [-2, -1, 0, 1, 2];
    const rates = [-1, -0.5, 0, 0.5, 1];
    return {
      title: sensitivity.title,
      header: [
        `${sensitivity.rowsLabel} / ${sensitivity.columnsLabel}`,
        ...rates.map((r) => `${r > 0 ? '+' : ''}${r}pp`),
      ],
      rows: growth.map((g) => [
        `${g > 0 ? '+' : ''}${g}pp`,
        ...rates.map((r) => formatNumber(base * (1 + 0.06 * g - 0.08 * r), decimalsFor(base))),
      ]),
    };
  },
  rates: ({ random, figures }, { rates }) => {
    // Twelve months out the 10Y sits at the report's stated centre; today's curve leads to it.
    const ten = figures?.market('yield10') ?? random.float(1, 5);
    const two = figures?.market('policy') ?? ten - random.float(-0.6, 1.2);
    const curve12m = [two, two + (ten - two) * 0.45, ten, ten + random.float(0.1, 0.6)];
    const drift = random.float(-0.12, 0.12);
    const curves = curve12m.map((end) =>
      [0, 1, 2, 3, 4].map((i) =>
        i === 4 ? end : end * (1 - drift * (1 - i / 4)) + random.float(-0.03, 0.03),
      ),
    );
    const spread = curves[0]!.map((front, i) => (curves[2]![i]! - front) * 100);
    return {
      title: rates.title,
      header: [...rates.header],
      rows: rates.rows.map((row, r) => [
        row,
        ...(r < 4 ? curves[r]! : spread).map((v) => formatNumber(v, r < 4 ? 2 : 0)),
      ]),
    };
  },
  fx: ({ random, country }, { fx }) => ({
    title: fx.title,
    header: [...fx.header],
    rows: FX_PAIRS[country].map((pair) => {
      const spot = (FX_SPOT[pair] ?? 1) * random.float(0.95, 1.05);
      return [
        pair,
        ...path(random, spot, 3, random.float(-0.06, 0.06)).map((v) => formatNumber(v, decimalsFor(spot))),
      ];
    }),
  }),
  commodities: ({ random }, { commodities }) => ({
    title: commodities.title,
    header: [...commodities.header],
    rows: commodities.rows.map((row, r) => {
      const spot = (COMMODITY_SPOT[r] ?? 100) * random.float(0.85, 1.15);
      const values = path(random, spot, 4, random.float(-0.12, 0.12));
      return [row, ...values.map((v) => formatNumber(v, spot >= 1000 ? 0 : 1))];
    }),
  }),
  credit: ({ random }, { credit }) => ({
    title: credit.title,
    header: [...credit.header],
    rows: credit.rows.map((row, r) => {
      const spread = 40 * 1.6 ** r * random.float(0.85, 1.15);
      const ytd = random.float(-0.2, 0.1) * spread;
      return [
        row,
        formatNumber(spread, 0),
        formatNumber(random.float(-0.05, 0.05) * spread, 0),
        formatNumber(ytd, 0),
        formatNumber(spread * random.float(0.9, 1.1), 0),
      ];
    }),
  }),
  allocation: ({ random }, { allocation }) => {
    const weights = allocation.rows.map(() => random.float(2, 20));
    const total = weights.reduce((sum, w) => sum + w, 0);
    return {
      title: allocation.title,
      header: [...allocation.header],
      rows: allocation.rows.map((row, r) => [
        row,
        random.pick(allocation.views),
        formatNumber(((weights[r] ?? 0) / total) * 100, 1),
        formatNumber(random.float(-3, 3), 1),
      ]),
    };
  },
  macro: ({ random, year, figures }, { macro }) => {
    // The column for next year prints the report's scenario, the figures its text states.
    const stated = (figure: MarketFigure, fallback: number) => figures?.market(figure) ?? fallback;
    const cpi = stated('cpi', random.float(1, 4));
    const next = [
      stated('gdp', random.float(0.5, 5)),
      cpi,
      cpi + random.float(-0.4, 0.4),
      stated('unemployment', random.float(3, 8)),
      stated('policy', random.float(0.5, 5)),
      stated('yield10', random.float(1, 5)),
      random.float(-4, 4),
    ];
    const years = [year - 1, year, year + 1, year + 2];
    return {
      title: macro.title,
      header: [macro.header, ...years.map((y) => `${y}${y < year ? '' : 'F'}`)],
      rows: macro.rows.map((row, r) => [
        row,
        ...years.map((y) => {
          const value = next[r] ?? 0;
          return formatNumber(y === year + 1 ? value : value + random.float(-0.5, 0.5), 1);
        }),
      ]),
    };
  },
};

export function makeTable(kind: TableKind, context: TableContext): TableSpec {
  const table = BUILDERS[kind](context, context.labels);
  // English cells start with a capital, as in `Copper as expected`.
  const fill = (text: string): string => {
    const filled = fillLabel(text, context);
    return context.language === 'en' ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
  };
  return {
    title: fill(table.title),
    header: table.header.map(fill),
    rows: table.rows.map((row) => row.map(fill)),
  };
}
