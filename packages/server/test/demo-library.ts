import type { Db } from '../src/db/database.js';
import { planDemoReport } from '../src/demo/plan-report.js';
import { composeReport } from '../src/demo/compose-report.js';
import { languagePack } from '../src/demo/language-pack.js';
import type { Block, DemoReportPlan } from '../src/demo/types.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/**
 * Demo reports written straight into a test library, with the text the demo generator composes
 * for their PDFs (no PDF is rendered or read): a relevance set over hundreds of them runs in seconds.
 */

/** Text of a page's blocks, one line each, as a PDF's text reads. */
function blockText(block: Block): string[] {
  switch (block.kind) {
    case 'heading':
      return [block.text];
    case 'paragraph':
      return [block.sentences.join(' ')];
    case 'chart':
      return [block.chart.title, block.chart.categories.join(' ')];
    case 'chart-pair':
      return block.charts.flatMap((chart) => [chart.title, chart.categories.join(' ')]);
    case 'table':
      return [block.table.title, block.table.header.join(' '), ...block.table.rows.map((r) => r.join(' '))];
    case 'notice':
      return block.paragraphs;
  }
}

/** The pages of a demo report as text: the cover (header lines, key points, thesis), then the rest. */
function demoPages(plan: DemoReportPlan): string[] {
  const content = composeReport(plan);
  const { labels } = languagePack(plan.language);
  const cover = [
    plan.issuer,
    `${plan.reportType} | ${plan.assetClass} | ${plan.country}`,
    plan.title,
    plan.publishDate,
    labels.analysts + plan.authors.join(', '),
    labels.keyPoints,
    ...content.keyPoints.map((point) => `• ${point}`),
    ...content.coverBlocks.flatMap(blockText),
  ];
  return [cover, ...content.pages.map((blocks) => blocks.flatMap(blockText))].map((lines) =>
    lines.join('\n'),
  );
}

/** Writes a demo report as a ready public file of the library. */
export async function buildDemoFile(db: Db, plan: DemoReportPlan) {
  await buildFile(db, {
    title: plan.title,
    issuer: plan.issuer,
    authors: plan.authors,
    publishDate: plan.publishDate,
    language: plan.language,
    assetClass: plan.assetClass,
    country: plan.country,
    tags: plan.tags,
    keywords: [],
    stockInformation: plan.stock
      ? [
          {
            ticker: plan.stock.ticker,
            company_name: plan.stock.companyName,
            rating: plan.stock.rating,
            target_price: plan.stock.targetPrice,
          },
        ]
      : [],
    pages: demoPages(plan),
    pageCount: plan.pageCount,
  });
}

/** The demo library's default seed, and the day the relevance sets were written. */
const DEMO_SEED = 20261121;
const DEMO_TODAY = '2026-11-21';

/** The plans of the first `count` reports of the demo library that `npm start` seeds. */
export function demoPlans(count: number): DemoReportPlan[] {
  return Array.from({ length: count }, (_, index) => planDemoReport(DEMO_SEED, index, DEMO_TODAY));
}

/** A test library holding these reports, written in one transaction (seconds, not a commit each). */
export async function openDemoLibrary(plans: DemoReportPlan[]): Promise<TestLibrary> {
  const lib = await openTestLibrary();
  await lib.db.transaction().execute(async (tx) => {
    for (const plan of plans) await buildDemoFile(tx, plan);
  });
  return lib;
}
