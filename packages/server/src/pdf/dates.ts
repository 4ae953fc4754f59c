/** A calendar date found in text: ISO `YYYY-MM-DD` and where it was. */
export interface FoundDate {
  iso: string;
  index: number;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

/** Each pattern yields year, month and day through `pick`. */
const PATTERNS: { re: RegExp; pick: (m: RegExpExecArray) => [string?, string?, string?] }[] = [
  // May 3, 2023 / December 31 2022
  { re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'gi'), pick: (m) => [m[3], m[1], m[2]] },
  // 12 March 2024
  { re: new RegExp(`\\b(\\d{1,2})\\s+${MONTH},?\\s+(\\d{4})\\b`, 'gi'), pick: (m) => [m[3], m[2], m[1]] },
  // 2023-05-25
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, pick: (m) => [m[1], m[2], m[3]] },
  // 5/25/2023 (US order)
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, pick: (m) => [m[3], m[1], m[2]] },
  // 2024年3月12日, 2022 年 07 月 19 日
  { re: /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g, pick: (m) => [m[1], m[2], m[3]] },
];

/** Every valid calendar date in `text`, in order of appearance. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { re, pick } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const iso = toIsoDate(...pick(m));
      if (iso) found.push({ iso, index: m.index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first date within `window` characters after any match of `cue`. */
export function dateAfter(text: string, cue: RegExp, window = 80): string | null {
  const re = new RegExp(cue.source, cue.flags.includes('g') ? cue.flags : cue.flags + 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const date = findDates(text.slice(m.index + m[0].length, m.index + m[0].length + window))[0];
    if (date) return date.iso;
  }
  return null;
}

function toIsoDate(year?: string, month?: string, day?: string): string | null {
  if (!year || !month || !day) return null;
  const y = Number(year);
  const mo = /^\d+$/.test(month) ? Number(month) : MONTHS[month.slice(0, 3).toLowerCase()];
  const d = Number(day);
  if (!mo || y < 1900 || y > 2999) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}
