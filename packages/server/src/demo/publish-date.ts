import { addDays, daysBetween, isWeekend, yearsBefore } from './dates.js';
import type { Random } from './random.js';

/** Share of reports published exactly today and within the last year; the rest are older. */
const TODAY_SHARE = 0.05;
const LAST_YEAR_SHARE = 0.25;

/**
 * A publish date between five years before `today` and `today`: ~5% today, ~25% within the last
 * year, ~70% older than a year (the free plan may read only today's and year-old reports).
 * Past reports fall on weekdays, as real research does.
 */
export function pickPublishDate(random: Random, today: string): string {
  const roll = random.next();
  if (roll < TODAY_SHARE) return today;
  const oldest = daysBetween(yearsBefore(today, 5), today);
  // 365 is skipped: a report exactly one year old sits on the free plan's boundary.
  const [min, max] = roll < TODAY_SHARE + LAST_YEAR_SHARE ? [1, 364] : [366, oldest];
  return weekdayWithin(today, random.int(min, max), min, max);
}

/** Moves a weekend date back to Friday, or forward to Monday when that would leave the range. */
function weekdayWithin(today: string, daysAgo: number, min: number, max: number): string {
  let back = daysAgo;
  while (isWeekend(addDays(today, -back)) && back < max) back++;
  if (!isWeekend(addDays(today, -back))) return addDays(today, -back);
  let forward = daysAgo;
  while (isWeekend(addDays(today, -forward)) && forward > min) forward--;
  return addDays(today, -forward);
}
