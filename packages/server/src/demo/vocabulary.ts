import type { AssetClass, Country, RatingAction, ReportLanguage } from '@rl/contract';
import type { Sector } from './companies.js';

/**
 * Sentence templates use `{placeholders}` filled by `fill-template.ts`:
 * market words {region} {adj} {cb} {ccy} {idx} {bond}; {co} {peer} the covered or a peer company;
 * {rating} {prevRating} {tp} {upside}; {year} {next} {prev}; {issuer}; {term} {term2} topic keywords;
 * figures name what they measure: quantities such as {pct:utilisation} {bp:igSpread} {x:pe}
 * {n:cutsPriced} (quantities.ts), kept per template within a report, and market figures such as
 * {pct:gdp} (figures.ts), kept per report; {q} (a quarter).
 */
export interface Topic {
  id: string;
  assetClass: AssetClass;
  /** First tag of every report on the topic; also how the composer finds the topic again. */
  tag: string;
  /** Search words: some become tags, all appear in sentences through {term}. */
  keywords: readonly string[];
  /** Equity topics: the sector whose companies they cover. */
  sector?: Sector;
  /** Countries the topic fits; any country when absent. */
  countries?: readonly Country[];
  titles: readonly string[];
  sections: readonly string[];
  /** Chart titles, unit in brackets. */
  charts: readonly string[];
  sentences: readonly string[];
}

export interface ReportType {
  name: string;
  pages: readonly [min: number, max: number];
}

export interface AssetClassPhrases {
  reportTypes: readonly ReportType[];
  sections: readonly string[];
  sentences: readonly string[];
  thesis: readonly string[];
  valuation: readonly string[];
  risks: readonly string[];
  charts: readonly string[];
  /** Caption under exhibits, `{issuer}` filled in. */
  source: string;
}

export interface StockPhrases {
  /** The first is the initiation report; the others carry reiterations and rating changes. */
  reportTypes: readonly ReportType[];
  /** First key point: the rating call, worded for what the broker did ({prevRating} is the old rating). */
  calls: Record<RatingAction, readonly string[]>;
  /** What follows `Company (ticker): ` in a company note's title, by rating action. */
  titles: Record<RatingAction, readonly string[]>;
  thesis: readonly string[];
  valuation: readonly string[];
  risks: readonly string[];
  /** What a note rating the stock Neutral or below argues instead of the thesis, valuation and risks above. */
  cautious: { thesis: readonly string[]; valuation: readonly string[]; risks: readonly string[] };
  ratings: readonly [buy: string, overweight: string, neutral: string, underweight: string, sell: string];
}

export interface Labels {
  keyPoints: string;
  thesis: string;
  valuation: string;
  risks: string;
  disclaimer: string;
  analysts: string;
  /** Separator between analyst names on the cover. */
  analystSeparator: string;
  exhibit(n: number): string;
  /** Prefix of the caption under exhibits. */
  source: string;
  page(n: number, total: number): string;
  /** Footer line pointing to the disclaimer. */
  notice: string;
  stockLine(ticker: string, rating: string, target: string): string;
  /** A company note's sector line, as broker covers print it under the rating box. */
  sectorLine(sector: string): string;
}

export interface LanguagePack {
  language: ReportLanguage;
  topics: readonly Topic[];
  assetClasses: Record<AssetClass, AssetClassPhrases>;
  stock: StockPhrases;
  /** Sentences that fit any report. */
  general: readonly string[];
  labels: Labels;
  /** Disclaimer page: headed paragraphs. */
  disclaimer: readonly { heading: string; text: string }[];
}
