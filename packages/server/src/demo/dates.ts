/** Calendar helpers on plain `YYYY-MM-DD` strings, computed in UTC so results never depend on the host zone. */

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface DateParts {
  year: number;
  month: number; // 1..12
  day: number;
}

export function parseIsoDate(date: string): DateParts {
  const match = ISO_DATE.exec(date);
  const parts = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!parts || formatIsoDate(toUtcMs(parts)) !== date) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return parts;
}

function toUtcMs({ year, month, day }: DateParts): number {
  return Date.UTC(year, month - 1, day);
}

function formatIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return formatIsoDate(toUtcMs(parseIsoDate(date)) + days * MS_PER_DAY);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(parseIsoDate(to)) - toUtcMs(parseIsoDate(from))) / MS_PER_DAY);
}

/** The same calendar day `years` earlier (29 February falls on 1 March). */
export function yearsBefore(date: string, years: number): string {
  const { year, month, day } = parseIsoDate(date);
  return formatIsoDate(Date.UTC(year - years, month - 1, day));
}

export function isWeekend(date: string): boolean {
  const weekday = new Date(toUtcMs(parseIsoDate(date))).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Midnight UTC of the date, for the PDF info dictionary. */
export function toUtcDate(date: string): Date {
  return new Date(toUtcMs(parseIsoDate(date)));
}

/** `12 March 2024` */
export function formatEnglishDate(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** `2024年3月12日` */
export function formatChineseDate(date: string): string {
  const { year, month, day } = parseIsoDate(date);
  return `${year}年${month}月${day}日`;
}
