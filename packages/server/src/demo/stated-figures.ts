import type { Country, ReportLanguage } from '@rl/contract';
import { figureRange, isMarketFigure } from './figures.js';
import { languagePack } from './language-pack.js';
import { isQuantity, QUANTITIES } from './quantities.js';
import { sentenceTemplatesOf } from './templates.js';

/**
 * Test helper: the figures a report's sentences state, read back from the printed text by the
 * templates they were filled from, each with what it measures and the range it must fall in.
 */
export interface StatedFigure {
  sentence: string;
  /** What the figure measures: a quantity (`utilisation`) or a market figure (`gdp`). */
  label: string;
  value: number;
  range: readonly [min: number, max: number];
}

interface Pattern {
  re: RegExp;
  labels: string[];
}

const PLACEHOLDER = /\{(\w+)(?::(\w+))?\}/g;
/** A printed figure and its unit: `82.4%`, `45bp`, `0.3pp`, `0.3个百分点`, `14.2x`, `14.2倍`, `6`. */
const FIGURE = '(-?\\d+(?:\\.\\d+)?)(?:%|bp|pp|个百分点|x|倍)?';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression that reads a filled template back, capturing its labelled figures. */
function patternOf(template: string, language: ReportLanguage): Pattern | null {
  const labels: string[] = [];
  let source = '';
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escape(template.slice(at, match.index));
    const label = match[2];
    if (label !== undefined) labels.push(label);
    source += label !== undefined ? FIGURE : '.+?';
    at = match.index + match[0].length;
  }
  if (labels.length === 0) return null;
  source += escape(template.slice(at));
  // English sentences start with a capital letter whatever their template starts with.
  const head = source.charAt(0);
  const body =
    language === 'en' && /[a-z]/.test(head) ? `[${head}${head.toUpperCase()}]${source.slice(1)}` : source;
  return { re: new RegExp(`^${body}$`, 'u'), labels };
}

const patterns = new Map<ReportLanguage, Pattern[]>();
function patternsFor(language: ReportLanguage): Pattern[] {
  let found = patterns.get(language);
  if (!found) {
    found = sentenceTemplatesOf(languagePack(language)).flatMap((t) => patternOf(t, language) ?? []);
    patterns.set(language, found);
  }
  return found;
}

function rangeOf(label: string, country: Country): readonly [number, number] {
  if (isMarketFigure(label)) return figureRange(label, country);
  if (isQuantity(label)) return QUANTITIES[label].range;
  throw new Error(`unknown figure ${label}`);
}

/** Every labelled figure the lines state, read back by the sentence templates of the language. */
export function statedFigures(
  lines: readonly string[],
  language: ReportLanguage,
  country: Country,
): StatedFigure[] {
  return lines.flatMap((sentence) => {
    for (const { re, labels } of patternsFor(language)) {
      const match = re.exec(sentence);
      if (!match) continue;
      return labels.map((label, i) => ({
        sentence,
        label,
        value: Number(match[i + 1]),
        range: rangeOf(label, country),
      }));
    }
    return [];
  });
}
