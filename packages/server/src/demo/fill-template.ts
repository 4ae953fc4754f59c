import type { ReportLanguage } from '@rl/contract';
import { isMarketFigure, type FigureBook } from './figures.js';
import { drawQuantity, isQuantity, keyFits } from './quantities.js';
import type { MarketWords } from './markets.js';
import type { Random } from './random.js';

/** The fixed words of one report; numbers are drawn fresh for every placeholder. */
export interface TemplateContext {
  language: ReportLanguage;
  market: MarketWords;
  issuer: string;
  /** Covered company (or the first peer in sector reports) and a peer. */
  co: string;
  peer: string;
  rating: string;
  /** The rating before a change (`{prevRating}`), empty otherwise. */
  prevRating?: string;
  /** Target price with currency. */
  tp: string;
  /** Implied return to target, e.g. `+24%`. */
  upside: string;
  year: number;
  keywords: readonly string[];
  /** The report's figures: with it, a figure stated twice is the same figure. */
  figures?: FigureBook;
}

const QUARTERS = { en: ['Q1', 'Q2', 'Q3', 'Q4'], zh: ['一季度', '二季度', '三季度', '四季度'] } as const;

/**
 * Replaces every `{placeholder}`; an unknown placeholder is a bug in the vocabulary, so it throws.
 * A figure names what it measures: `{pct:gdp}` or `{bp:cuts}` is a market figure (figures.ts), kept
 * per report; `{pct:utilisation}` a quantity (quantities.ts), kept per template by the book.
 */
export function fillTemplate(template: string, context: TemplateContext, random: Random): string {
  const [term = '', term2 = term] = random.sample(context.keywords, 2);
  const { figures } = context;
  const filled = template.replace(/\{(\w+)(?::(\w+))?\}/g, (_, key: string, label?: string) => {
    if (label !== undefined) {
      if ((key === 'pct' || key === 'bp') && isMarketFigure(label)) {
        if (figures) return figures.printed(label);
        throw new Error(`market figure {${key}:${label}} without a report's figures in: ${template}`);
      }
      if (!isQuantity(label) || !keyFits(key, label))
        throw new Error(`unknown figure {${key}:${label}} in: ${template}`);
      const draw = () => drawQuantity(label, context.language, random);
      return figures ? figures.get(`${template}\u0000${key}:${label}`, draw) : draw();
    }
    const value = fixedWord(key, context) ?? randomWord(key, context.language, random, term, term2);
    if (value === undefined) throw new Error(`unknown placeholder {${key}} in: ${template}`);
    return value;
  });
  return context.language === 'en' ? filled.charAt(0).toUpperCase() + filled.slice(1) : filled;
}

function fixedWord(key: string, context: TemplateContext): string | undefined {
  switch (key) {
    case 'region':
    case 'adj':
    case 'cb':
    case 'ccy':
    case 'idx':
    case 'bond':
      return context.market[key];
    case 'issuer':
    case 'co':
    case 'peer':
    case 'rating':
    case 'tp':
    case 'upside':
      return context[key];
    case 'prevRating':
      return context.prevRating ?? '';
    case 'year':
      return String(context.year);
    case 'next':
      return String(context.year + 1);
    case 'prev':
      return String(context.year - 1);
    default:
      return undefined;
  }
}

function randomWord(
  key: string,
  language: TemplateContext['language'],
  random: Random,
  term: string,
  term2: string,
): string | undefined {
  switch (key) {
    case 'term':
      return term;
    case 'term2':
      return term2;
    case 'q':
      return random.pick(QUARTERS[language]);
    default:
      return undefined;
  }
}
