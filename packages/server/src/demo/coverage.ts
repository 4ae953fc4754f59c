import type { Country, RatingAction } from '@rl/contract';
import { demoCompany, roundPrice, type Sector } from './companies.js';
import { addDays, isWeekend } from './dates.js';
import { DEMO_ISSUERS, type DemoIssuer } from './issuers.js';
import { createRandom, hashSeed, type Random } from './random.js';
import { RATING_UPSIDE, RATING_WEIGHTS } from './ratings.js';

/**
 * The companies several brokers follow over the demo's years, so a company's page shows ratings and
 * targets from different houses over time: initiations, reiterations, upgrades and downgrades.
 */
export interface CoverageNote {
  country: Country;
  sector: Sector;
  slot: number;
  issuer: DemoIssuer;
  /** YYYY-MM-DD */
  date: string;
  /** Index into the language pack's ratings (0 Buy ... 4 Sell). */
  rating: number;
  action: RatingAction;
  /** The broker's rating before this note; equal to `rating` when maintained, absent on initiation. */
  previousRating?: number;
  /** Share price on `date`, and the target before and after this note, in the listing's currency. */
  price: number;
  target: number;
  previousTarget?: number;
}

/** Slot 6 keeps followed companies apart from the one-off notes' (0-3) and the peer tables' (0-4). */
const SLOT = 6;
const UNIVERSE: readonly (readonly [Country, Sector])[] = [
  ['China', 'semis'],
  ['China', 'consumer'],
  ['China', 'autos'],
  ['China', 'renewables'],
  ['China', 'internet'],
  ['U.S.', 'semis'],
  ['U.S.', 'internet'],
  ['U.S.', 'pharma'],
  ['Japan', 'autos'],
  ['EU', 'pharma'],
  ['UK', 'banks'],
  ['India', 'banks'],
];
/** How far back followed companies' notes go. */
const HISTORY_DAYS = 730;

/** Every note on the followed companies, in the order the planner hands them out. */
export function coverageNotes(seed: number, today: string): CoverageNote[] {
  const random = createRandom(hashSeed('coverage', seed));
  const notes = UNIVERSE.flatMap(([country, sector]) => companyNotes(random, country, sector, today));
  return random.shuffle(notes);
}

function companyNotes(random: Random, country: Country, sector: Sector, today: string): CoverageNote[] {
  const base = demoCompany(country, sector, SLOT, 'en').price;
  const phase = random.float(0, Math.PI * 2);
  const trend = random.float(-0.4, 0.6);
  // A share price that wanders: a trend over the two years and a cycle around it.
  const priceOn = (daysAgo: number) =>
    roundPrice(base * Math.exp(-trend * (daysAgo / HISTORY_DAYS) + 0.18 * Math.sin(phase + daysAgo / 90)));
  const brokers = random.sample(
    DEMO_ISSUERS.filter((issuer) => issuer.language === 'en' || country === 'China'),
    random.int(3, 6),
  );
  return brokers.flatMap((issuer) => {
    const count = random.weighted([
      [1, 4],
      [2, 6],
    ] as const);
    const ages = Array.from({ length: count }, () => random.int(1, HISTORY_DAYS)).sort((a, b) => b - a);
    let rating: number = random.weighted(RATING_WEIGHTS);
    let target: number | undefined;
    return ages.map((age, i) => {
      const date = weekday(today, age);
      const price = priceOn(age);
      const previousRating = i === 0 && random.chance(0.45) ? undefined : rating;
      const previousTarget =
        previousRating === undefined ? undefined : (target ?? targetFor(random, priceOn(age + 60), rating));
      let action: RatingAction = previousRating === undefined ? 'initiate' : 'maintain';
      if (i > 0) {
        const move = random.weighted([
          [0, 1],
          [-1, 1],
          [1, 1],
        ] as const);
        const next = Math.min(4, Math.max(0, rating + move));
        if (next !== rating) action = next < rating ? 'upgrade' : 'downgrade';
        rating = next;
      }
      target = targetFor(random, price, rating);
      return {
        country,
        sector,
        slot: SLOT,
        issuer,
        date,
        rating,
        action,
        ...(previousRating !== undefined && { previousRating }),
        price,
        target,
        ...(previousTarget !== undefined && { previousTarget }),
      };
    });
  });
}

export function targetFor(random: Random, price: number, rating: number): number {
  const [low, high] = RATING_UPSIDE[rating] as readonly [number, number];
  return roundPrice(price * (1 + random.float(low, high)));
}

/** `daysAgo` before today, moved back to a Friday when it falls on a weekend. */
function weekday(today: string, daysAgo: number): string {
  let date = addDays(today, -daysAgo);
  while (isWeekend(date)) date = addDays(date, -1);
  return date;
}
