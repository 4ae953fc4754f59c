import type { AssetClass, Country, ReportLanguage } from '@rl/contract';

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
  ticker: string;
  companyName: string;
  rating: string;
  /** With its currency, e.g. `JPY 3,200` or `1,980元`. */
  targetPrice: string;
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
