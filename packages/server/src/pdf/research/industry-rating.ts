import type { RatingAction, RatingStep } from '@rl/contract';
import { sourceAt, type FactSource } from '../fact-source.js';
import { ACTION_WORDS, actionOf, normaliseRating, ratingPattern } from './rating-vocabulary.js';

/**
 * A broker's view on a sector, as an industry note (or a company note's box) prints it: 行业评级
 * 看好（维持）, 优于大势, "Industry View: Attractive", "Sector rating: Overweight". A view on a sector
 * is never a company's rating.
 */
export interface IndustryRating {
  /** As printed: `看好`, `优于大势`, `Attractive`. */
  rating: string;
  step: RatingStep | null;
  action: RatingAction | null;
  /** The page-1 line it was read from; a box without its label is unsure. */
  source?: FactSource;
}

/** Words brokers rate sectors with and no company, on the five-step scale. */
const SECTOR_WORDS: Record<string, RatingStep> = {
  看好: 'outperform',
  优于大势: 'outperform',
  強於大勢: 'outperform',
  强于大势: 'outperform',
  领先大势: 'outperform',
  同步大势: 'hold',
  弱于大势: 'underperform',
  落后大势: 'underperform',
  看淡: 'underperform',
  attractive: 'outperform',
  positive: 'outperform',
  'in-line': 'hold',
  'in line': 'hold',
  cautious: 'underperform',
  negative: 'underperform',
};

const SECTOR_PATTERN = Object.keys(SECTOR_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[-\s]/g, '[\\s-]?'))
  .join('|');
const WORD = `${SECTOR_PATTERN}|${ratingPattern()}`;
const ACTION_ZH = ACTION_WORDS.map((a) => a.zh).join('|');

/** `行业评级：看好（维持）`, `Industry View Attractive`, `Sector Rating OVERWEIGHT`. */
const LABELLED = new RegExp(
  `(?:行业(?:投资)?评级|(?:industry|sector)\\s+(?:view|rating|recommendation|stance))\\s*[:：]?\\s*(?:(${ACTION_ZH})\\s*)?["“]?(${WORD})["”]?(?![A-Za-z])(?:\\s*[（(]\\s*(${ACTION_ZH})[^)）]{0,4}[)）])?`,
  'i',
);
/**
 * `看好（维持）`, `优于大势`: an industry note's box, in words only sectors are rated with. A word
 * companies are rated with too (`推荐（维持）`) is read only under its label: a company note taken
 * for an industry note would lose its own rating to it.
 */
const BOX = new RegExp(`^(${SECTOR_PATTERN})\\s*(?:[（(]\\s*(${ACTION_ZH})[^)）]{0,4}[)）])?$`);

export function sectorStep(printed: string): RatingStep | null {
  const key = printed.toLowerCase().replace(/\s+/g, ' ').trim();
  return SECTOR_WORDS[key] ?? SECTOR_WORDS[key.replace(/-/g, ' ')] ?? normaliseRating(printed);
}

/**
 * The sector view a note's first page prints: a labelled one anywhere, or, for an industry note,
 * a box in words only sectors are rated with.
 */
export function findIndustryRating(lines: readonly string[], industryNote: boolean): IndustryRating | null {
  for (const line of lines) {
    const m = LABELLED.exec(line);
    if (m) return found(m[2] ?? '', m[1] ?? m[3] ?? '', sourceAt(1, line));
  }
  if (!industryNote) return null;
  for (const line of lines) {
    const m = BOX.exec(line.trim());
    if (m) return found(m[1] ?? '', m[2] ?? '', sourceAt(1, line, true));
  }
  return null;
}

function found(rating: string, action: string, source: FactSource): IndustryRating {
  const printed = rating.replace(/\s+/g, ' ').trim();
  return { rating: printed, step: sectorStep(printed), action: action ? actionOf(action) : null, source };
}
