/**
 * A digest's period, counted on the user's wall clock: a daily digest's day starts at the digest
 * hour (`d:2026-12-02` from 08:00 on 2 December in their zone), a weekly one's on Monday at that
 * hour (`w:2026-W49`, the ISO week). A period's digest lists what arrived before it started, so it
 * can be sent at any time during the period (a server down on Monday morning sends it later) and
 * still says the same.
 */

export type SentFrequency = 'daily' | 'weekly';

export interface DigestPeriod {
  /** `d:YYYY-MM-DD` or `w:YYYY-Www`. */
  key: string;
  /** When the period started (ISO, UTC): its digest lists arrivals up to this instant. */
  startsAt: string;
  /** The oldest arrival a digest still lists when none was sent before (two periods back). */
  lookbackFrom: string;
  /** When the next period starts (ISO, UTC): nothing more is owed before then. */
  endsAt: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** What a clock on the wall in `timeZone` shows at `at`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(at))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(at: number, timeZone: string): number {
  const w = wallClock(new Date(at), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall clock in `timeZone` shows `hour`:00 on the day `dayUtc` names (a UTC
 * midnight standing for a calendar day). Around a change of the clocks the offset after it wins.
 */
export function wallTimeToInstant(dayUtc: number, hour: number, timeZone: string): number {
  const guess = dayUtc + hour * 3_600_000;
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

const isoDay = (dayUtc: number) => new Date(dayUtc).toISOString().slice(0, 10);

/** The ISO week of the Monday `mondayUtc` (UTC midnight): `2026-W49`. */
function isoWeek(mondayUtc: number): string {
  const thursday = new Date(mondayUtc + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${pad(week)}`;
}

/** The period a user's digest is in at `now`, on their wall clock, with the digest hour `hour`. */
export function digestPeriod(
  frequency: SentFrequency,
  timeZone: string,
  now: Date,
  hour: number,
): DigestPeriod {
  const w = wallClock(now, timeZone);
  // The digest day: before the digest hour, the wall clock is still in yesterday's period.
  const day = Date.UTC(w.year, w.month - 1, w.day) - (w.hour < hour ? DAY_MS : 0);
  if (frequency === 'daily') {
    const startsAt = wallTimeToInstant(day, hour, timeZone);
    return {
      key: `d:${isoDay(day)}`,
      startsAt: new Date(startsAt).toISOString(),
      lookbackFrom: new Date(startsAt - 2 * DAY_MS).toISOString(),
      endsAt: new Date(wallTimeToInstant(day + DAY_MS, hour, timeZone)).toISOString(),
    };
  }
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  const startsAt = wallTimeToInstant(monday, hour, timeZone);
  return {
    key: `w:${isoWeek(monday)}`,
    startsAt: new Date(startsAt).toISOString(),
    lookbackFrom: new Date(startsAt - 14 * DAY_MS).toISOString(),
    endsAt: new Date(wallTimeToInstant(monday + 7 * DAY_MS, hour, timeZone)).toISOString(),
  };
}
