import type { AssetClass, Country, RatingAction, RatingStep, ReportLanguage } from '@rl/contract';

/** Everything that identifies a demo report; the PDF's content is derived from it deterministically. */
export interface DemoReportPlan {
  fileName: string;
  title: string;
  issuer: string;
  authors: string[];
  /** YYYY-MM-DD */
  publishDate: string;
  language: ReportLanguage;
  assetClass: AssetClass;
  country: Country;
  reportType: string;
  tags: string[];
  /** 2..30 */
  pageCount: number;
  stock?: DemoStock;
}

export interface DemoStock {
  /** As the cover's stock line prints it: `600519 CH`, `0700 HK`, `AAPL US`, `600519.SH`, `0700.HK`. */
  ticker: string;
  /** As a reader canonicalises it: `600519.SH`, `0700.HK`, `AAPL.US`. */
  canonical: string;
  companyName: string;
  /** The company's sector as its cover's sector line prints it: `Semiconductors`, `半导体`. */
  sector: string;
  /** As printed: `Overweight`, `增持`. */
  rating: string;
  ratingStep: RatingStep;
  action: RatingAction;
  /** The rating before this note, when the broker covered the stock already. */
  previousRating?: string;
  /** With its currency, e.g. `JPY 3,200` or `1,980元`. */
  targetPrice: string;
  /** The target before this note, printed only when the note changes it. */
  previousTargetPrice?: string;
  /** Share price on the publish date, in the listing's currency. */
  price: number;
}

/** A chart drawn with vector lines and rectangles. */
export interface ChartSpec {
  kind: 'bar' | 'line';
  title: string;
  categories: string[];
  series: { name: string; values: number[] }[];
}

export interface TableSpec {
  title: string;
  header: string[];
  rows: string[][];
}

/** What a body page shows, top to bottom; paragraphs are shortened to fit the space left by the rest. */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; sentences: string[] }
  | { kind: 'chart'; chart: ChartSpec }
  | { kind: 'chart-pair'; charts: [ChartSpec, ChartSpec] }
  | { kind: 'table'; table: TableSpec }
  /** Small print: heading, text, heading, text... */
  | { kind: 'notice'; paragraphs: string[] };

/** The composed report: cover content plus one block list per following page (the last one is the disclaimer). */
export interface ReportContent {
  keyPoints: string[];
  /** Blocks under the key points on the cover. */
  coverBlocks: Block[];
  pages: Block[][];
  /** Caption shown under every exhibit. */
  source: string;
}
