import { composeReport } from './compose-report.js';
import type { Block, DemoReportPlan } from './types.js';

/** The text of one block, one string per line as drawn (test helper for checks over many plans). */
export function blockText(block: Block): string[] {
  switch (block.kind) {
    case 'heading':
      return [block.text];
    case 'paragraph':
      return block.sentences;
    case 'chart':
      return [block.chart.title];
    case 'chart-pair':
      return block.charts.map((chart) => chart.title);
    case 'table':
      return [block.table.title, block.table.header.join(' '), ...block.table.rows.map((r) => r.join(' '))];
    case 'notice':
      return block.paragraphs;
  }
}

/** Every sentence, heading and table row a plan's PDF prints except the disclaimer, without rendering it. */
export function reportText(plan: DemoReportPlan): string[] {
  const content = composeReport(plan);
  return [
    plan.title,
    ...content.keyPoints,
    ...content.coverBlocks.flatMap(blockText),
    ...content.pages.flatMap((blocks) => blocks.filter((b) => b.kind !== 'notice').flatMap(blockText)),
  ];
}
