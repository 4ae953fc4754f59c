import type { SectorId } from '@rl/contract';
import { SECTOR_WORDS } from './sector-words.js';

/**
 * Our sector of a note from what its cover prints: a sector line (`Semiconductors`, `EQUITY:
 * INTERNET & NEW MEDIA`, `所属行业：机械设备`), else the sector its first pages talk about most.
 */

interface Word {
  sector: SectorId;
  word: string;
  re: RegExp;
}

const WORDS: Word[] = (Object.entries(SECTOR_WORDS) as [SectorId, string[]][])
  .flatMap(([sector, words]) =>
    words.map((word) => ({
      sector,
      word,
      re: /[a-z]/.test(word)
        ? new RegExp(`(?<![a-z])${word.replace(/[.&]/g, '\\$&').replace(/ /g, '\\s+')}(?![a-z])`, 'gi')
        : new RegExp(word, 'g'),
    })),
  )
  .sort((a, b) => b.word.length - a.word.length);

/** Words around a sector name on a cover that say nothing about the sector. */
const NEUTRAL_WORDS =
  /\b(?:equity|equities|research|china|asia|asia pacific|pacific|prc|korea|taiwan|japan|hong kong|us|global|sector|industry|and|of|equipment|services)\b|所属行业|行业|应用|中国内地|中国|内地|[:：|/()（）&,，]/gi;
const LABEL = /^(?:所属行业|行业|industry|sector|equity)\s*[:：]\s*(.+)$/i;

/** The sector a short cover line names (`Semiconductors & Equipment`, `China Internet`), or null. */
export function sectorOfLine(line: string): SectorId | null {
  const labelled = LABEL.exec(line.trim());
  const text = (labelled?.[1] ?? line).trim();
  if (text.split(/\s+/).length > 6 || text.length > 40 || /\d/.test(text)) return null;
  let rest = text;
  let best: Word | null = null;
  for (const w of WORDS) {
    if (rest.search(w.re) < 0) continue;
    best ??= w;
    rest = rest.replace(w.re, ' ');
  }
  if (!best) return null;
  const left = rest.replace(NEUTRAL_WORDS, ' ').trim();
  const words = left === '' ? 0 : left.split(/\s+/).length;
  // Nothing else on a line of its own ("Deutsche Bank" is a broker); a label's value may have more.
  return words <= (labelled ? 2 : 0) && !/[\u4e00-\u9fff]{3,}/.test(left) ? best.sector : null;
}

/**
 * The parts of a cover line a desk prints between separators: `年报点评|计算机应用`, `China │ Food`,
 * `深度研究报告/计算机`; a hyphen between words joins a sector's name (`Technology - Hardware`).
 */
function lineParts(line: string): string[] {
  const joined = line.replace(/\s+[-–]\s+/g, ' ');
  const parts = joined.split(/\s*[|｜│/•]\s*/).filter(Boolean);
  return parts.length > 1 ? [joined, ...parts] : [joined];
}

/** The sector of a note: the first sector line of its cover, else what its opening pages discuss most. */
export function findSector(coverLines: readonly string[], openingText: string): SectorId | null {
  return readSector(coverLines, openingText)?.sector ?? null;
}

/**
 * The sector and where it was read: the cover line that names it, or (counted over the opening
 * pages, a weaker reading) the first word of it they print.
 */
export function readSector(
  coverLines: readonly string[],
  openingText: string,
): { sector: SectorId; line: string } | { sector: SectorId; word: string } | null {
  for (const line of coverLines) {
    for (const part of lineParts(line)) {
      const sector = sectorOfLine(part);
      if (sector) return { sector, line };
    }
  }
  return dominantSector(openingText);
}

function dominantSector(text: string): { sector: SectorId; word: string } | null {
  const counts = new Map<SectorId, number>();
  const firstWord = new Map<SectorId, { word: string; at: number }>();
  let rest = text;
  for (const w of WORDS) {
    const n = rest.match(w.re)?.length ?? 0;
    if (n === 0) continue;
    counts.set(w.sector, (counts.get(w.sector) ?? 0) + n);
    const at = rest.search(w.re);
    const known = firstWord.get(w.sector);
    if (!known || at < known.at) firstWord.set(w.sector, { word: rest.match(w.re)?.[0] ?? w.word, at });
    rest = rest.replace(w.re, ' ');
  }
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  // Clearly the subject: often mentioned, and at least twice as often as any other sector.
  if (!first || first[1] < 8 || (second && second[1] * 2 > first[1])) return null;
  return { sector: first[0], word: firstWord.get(first[0])?.word ?? '' };
}
