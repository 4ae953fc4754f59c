import type { PDFPage } from 'pdf-lib';
import { drawChart } from './charts.js';
import {
  BODY_SIZE,
  CHART_BLOCK_HEIGHT,
  CHART_HEIGHT,
  EXHIBIT_TITLE_SIZE,
  fitOneLine,
  HEADING_HEIGHT,
  HEADING_SIZE,
  LEADING,
  PARAGRAPH_GAP,
  SOURCE_SIZE,
  tableBlockHeight,
  wrapText,
} from './layout.js';
import type { RenderContext } from './render-context.js';
import { drawTable } from './tables.js';
import type { Block, ChartSpec, TableSpec } from './types.js';

/** The column blocks are stacked in, from `top` down to `bottom`. */
export interface Area {
  x: number;
  width: number;
  top: number;
  bottom: number;
}

const NOTICE_HEADING_SIZE = 8;
const NOTICE_SIZE = 7.5;
const NOTICE_LEADING = 10;
const PAIR_GAP = 16;

type Paragraph = Extract<Block, { kind: 'paragraph' }>;

/**
 * Draws blocks top to bottom. Paragraphs are elastic: when space runs short each one keeps a share
 * proportional to its length and loses whole sentences from its end. Exhibits that cannot fit at
 * all are dropped, so a page never overflows.
 */
export function drawBlocks(
  page: PDFPage,
  blocks: readonly Block[],
  area: Area,
  context: RenderContext,
): void {
  const available = area.top - area.bottom;
  const fixed = blocks.filter((block) => block.kind !== 'paragraph');
  const heights = new Map(fixed.map((block) => [block, fixedHeight(block, area, context)]));
  let fixedTotal = [...heights.values()].reduce((sum, h) => sum + h, 0);
  const dropped = new Set<Block>();
  for (const block of [...fixed].reverse()) {
    if (fixedTotal <= available) break;
    if (block.kind === 'heading' || block.kind === 'notice') continue;
    dropped.add(block);
    fixedTotal -= heights.get(block) ?? 0;
  }

  const paragraphs = blocks.filter((block): block is Paragraph => block.kind === 'paragraph');
  const wanted = new Map(paragraphs.map((p) => [p, paragraphLines(p.sentences, area, context).length]));
  const leading = LEADING[context.plan.language];
  const wantedHeight = (lines: number): number => (lines > 0 ? lines * leading + PARAGRAPH_GAP : 0);
  const totalWanted = paragraphs.reduce((sum, p) => sum + wantedHeight(wanted.get(p) ?? 0), 0);
  const room = Math.max(0, available - fixedTotal);

  let y = area.top;
  for (const block of blocks) {
    if (dropped.has(block)) continue;
    if (block.kind === 'paragraph') {
      const want = wantedHeight(wanted.get(block) ?? 0);
      const share = totalWanted <= room ? want : (room * want) / totalWanted;
      const lines = fitSentences(
        block.sentences,
        Math.floor((share - PARAGRAPH_GAP) / leading),
        area,
        context,
      );
      drawLines(page, lines, area.x, y, context);
      y -= wantedHeight(lines.length);
      continue;
    }
    drawFixed(page, block, { ...area, top: y }, context);
    y -= heights.get(block) ?? 0;
  }
}

function joinSentences(sentences: readonly string[], context: RenderContext): string {
  return sentences.join(context.plan.language === 'zh' ? '' : ' ');
}

function paragraphLines(sentences: readonly string[], area: Area, context: RenderContext): string[] {
  const measure = context.fonts.measurer(BODY_SIZE);
  return wrapText(joinSentences(sentences, context), area.width, measure, context.plan.language);
}

/** The longest run of leading sentences that wraps into at most `maxLines` lines. */
function fitSentences(
  sentences: readonly string[],
  maxLines: number,
  area: Area,
  context: RenderContext,
): string[] {
  for (let count = sentences.length; count > 0 && maxLines > 0; count--) {
    const lines = paragraphLines(sentences.slice(0, count), area, context);
    if (lines.length <= maxLines) return lines;
  }
  return [];
}

/** One text object for the whole paragraph: pdf-lib moves down a line at each newline. */
function drawLines(
  page: PDFPage,
  lines: readonly string[],
  x: number,
  top: number,
  context: RenderContext,
): void {
  if (lines.length === 0) return;
  page.drawText(lines.join('\n'), {
    x,
    y: top - BODY_SIZE,
    size: BODY_SIZE,
    lineHeight: LEADING[context.plan.language],
    font: context.fonts.regular,
    color: context.theme.text,
  });
}

interface NoticeLine {
  text: string;
  heading: boolean;
}

function noticeLines(paragraphs: readonly string[], area: Area, context: RenderContext): NoticeLine[] {
  const measure = context.fonts.measurer(NOTICE_SIZE);
  return paragraphs.flatMap((text, i): NoticeLine[] =>
    i % 2 === 0
      ? [{ text, heading: true }]
      : wrapText(text, area.width, measure, context.plan.language).map((line) => ({
          text: line,
          heading: false,
        })),
  );
}

function fixedHeight(block: Block, area: Area, context: RenderContext): number {
  switch (block.kind) {
    case 'heading':
      return HEADING_HEIGHT;
    case 'chart':
    case 'chart-pair':
      return CHART_BLOCK_HEIGHT;
    case 'table':
      return tableBlockHeight(block.table.rows.length);
    case 'notice':
      return noticeLines(block.paragraphs, area, context).reduce(
        (sum, line) => sum + (line.heading ? 16 : NOTICE_LEADING),
        0,
      );
    case 'paragraph':
      return 0;
  }
}

function drawFixed(page: PDFPage, block: Block, area: Area, context: RenderContext): void {
  const { fonts, theme } = context;
  switch (block.kind) {
    case 'heading': {
      page.drawText(block.text, {
        x: area.x,
        y: area.top - 16,
        size: HEADING_SIZE,
        font: fonts.bold,
        color: theme.brand,
      });
      const ruleY = area.top - 22;
      page.drawLine({
        start: { x: area.x, y: ruleY },
        end: { x: area.x + area.width, y: ruleY },
        thickness: 0.6,
        color: theme.grid,
      });
      return;
    }
    case 'chart':
      drawExhibit(page, block.chart, area.x, area.width, area.top, context);
      return;
    case 'chart-pair': {
      const half = (area.width - PAIR_GAP) / 2;
      block.charts.forEach((chart, i) =>
        drawExhibit(page, chart, area.x + i * (half + PAIR_GAP), half, area.top, context),
      );
      return;
    }
    case 'table':
      drawExhibit(page, block.table, area.x, area.width, area.top, context);
      return;
    case 'notice': {
      let y = area.top;
      for (const line of noticeLines(block.paragraphs, area, context)) {
        y -= line.heading ? 16 : NOTICE_LEADING;
        page.drawText(line.text, {
          x: area.x,
          y: y + 2,
          size: line.heading ? NOTICE_HEADING_SIZE : NOTICE_SIZE,
          font: line.heading ? fonts.bold : fonts.regular,
          color: line.heading ? theme.text : theme.muted,
        });
      }
      return;
    }
    case 'paragraph':
      return;
  }
}

/** `Exhibit n: title`, the chart or table, and the source line under it. */
function drawExhibit(
  page: PDFPage,
  exhibit: ChartSpec | TableSpec,
  x: number,
  width: number,
  top: number,
  context: RenderContext,
): void {
  const { fonts, theme, labels } = context;
  const title = fitOneLine(
    labels.exhibit(context.exhibit++) + exhibit.title,
    width,
    fonts.measurer(EXHIBIT_TITLE_SIZE, true),
  );
  page.drawText(title, { x, y: top - 10, size: EXHIBIT_TITLE_SIZE, font: fonts.bold, color: theme.text });
  const bodyTop = top - 16;
  let bodyHeight = CHART_HEIGHT;
  if ('kind' in exhibit)
    drawChart(page, exhibit, { x, y: bodyTop - CHART_HEIGHT, width, height: CHART_HEIGHT }, context);
  else bodyHeight = drawTable(page, exhibit, x, bodyTop, width, context);
  const source = fitOneLine(labels.source + context.source, width, fonts.measurer(SOURCE_SIZE));
  page.drawText(source, {
    x,
    y: bodyTop - bodyHeight - 10,
    size: SOURCE_SIZE,
    font: fonts.italic,
    color: theme.muted,
  });
}
