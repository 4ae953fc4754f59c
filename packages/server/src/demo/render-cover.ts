import type { PDFPage } from 'pdf-lib';
import { formatChineseDate, formatEnglishDate } from './dates.js';
import {
  BODY_BOTTOM,
  BODY_SIZE,
  BULLET_INDENT,
  CONTENT_WIDTH,
  LEADING,
  MARGIN_X,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  wrapText,
} from './layout.js';
import { drawBlocks } from './render-blocks.js';
import type { RenderContext } from './render-context.js';
import { actionBanner, previousLines } from './stock-note.js';
import type { ReportContent } from './types.js';

const BAND_HEIGHT = 74;
const TITLE_SIZES = [22, 20, 18, 16, 15, 14, 13, 12];
const BULLET = '\u2022';

/**
 * The cover. Its first text lines, in this order, are what metadata inference reads:
 * issuer / `type | asset class | country` / title / date / analysts / [ticker, rating, target], then a
 * stock note's previous target (and rating), its rating action and its sector, as broker covers print them.
 * Each is one drawText call on its own baseline, and nothing textual is drawn before them.
 */
export function drawCover(page: PDFPage, content: ReportContent, context: RenderContext): void {
  const { plan, fonts, theme, labels } = context;
  page.drawRectangle({
    x: 0,
    y: PAGE_HEIGHT - BAND_HEIGHT,
    width: PAGE_WIDTH,
    height: BAND_HEIGHT,
    color: theme.brand,
  });
  page.drawText(plan.issuer, {
    x: MARGIN_X,
    y: PAGE_HEIGHT - 46,
    size: 20,
    font: fonts.bold,
    color: theme.white,
  });
  drawLogo(page, context);

  const lines: { text: string; size: number; bold: boolean; gap: number }[] = [
    { text: `${plan.reportType} | ${plan.assetClass} | ${plan.country}`, size: 9.5, bold: false, gap: 26 },
    { text: plan.title, size: titleSize(plan.title, context), bold: true, gap: 32 },
    {
      text:
        plan.language === 'zh' ? formatChineseDate(plan.publishDate) : formatEnglishDate(plan.publishDate),
      size: 10,
      bold: false,
      gap: 24,
    },
    { text: labels.analysts + plan.authors.join(labels.analystSeparator), size: 9.5, bold: false, gap: 15 },
  ];
  if (plan.stock) {
    const { ticker, rating, targetPrice } = plan.stock;
    lines.push({ text: labels.stockLine(ticker, rating, targetPrice), size: 9.5, bold: true, gap: 15 });
    // As a broker's rating box does: the previous target (and rating), then the action taken.
    for (const text of previousLines(plan.stock, plan.language))
      lines.push({ text, size: 9, bold: false, gap: 13 });
    lines.push({ text: actionBanner(plan.stock, plan.language), size: 9.5, bold: true, gap: 14 });
    lines.push({ text: labels.sectorLine(plan.stock.sector), size: 9, bold: false, gap: 13 });
  }
  let y = PAGE_HEIGHT - BAND_HEIGHT;
  lines.forEach((line, i) => {
    y -= line.gap;
    page.drawText(line.text, {
      x: MARGIN_X,
      y,
      size: line.size,
      font: line.bold ? fonts.bold : fonts.regular,
      color: i === 1 ? theme.brand : i === 0 ? theme.muted : theme.text,
    });
  });
  y -= 12;
  page.drawLine({
    start: { x: MARGIN_X, y },
    end: { x: MARGIN_X + CONTENT_WIDTH, y },
    thickness: 0.8,
    color: theme.brand,
  });

  const boxBottom = drawKeyPoints(page, content.keyPoints, y - 12, context);
  drawBlocks(
    page,
    content.coverBlocks,
    { x: MARGIN_X, width: CONTENT_WIDTH, top: boxBottom - 12, bottom: BODY_BOTTOM },
    context,
  );
}

/** The largest size at which the title still fits on one line. */
function titleSize(title: string, context: RenderContext): number {
  return TITLE_SIZES.find((size) => context.fonts.measure(title, size, true) <= CONTENT_WIDTH) ?? 12;
}

/** Ascending bars in the band's corner: a vector logo that adds no text. */
function drawLogo(page: PDFPage, context: RenderContext): void {
  const right = PAGE_WIDTH - MARGIN_X;
  [14, 22, 30].forEach((height, i) => {
    page.drawRectangle({
      x: right - 34 + i * 12,
      y: PAGE_HEIGHT - 56,
      width: 8,
      height,
      color: context.theme.white,
      opacity: 0.85,
    });
  });
}

/** Tinted box with a brand bar on its left; returns its bottom edge. */
function drawKeyPoints(
  page: PDFPage,
  points: readonly string[],
  top: number,
  context: RenderContext,
): number {
  const { fonts, theme, labels, plan } = context;
  const leading = LEADING[plan.language];
  const textX = MARGIN_X + 14;
  const textWidth = CONTENT_WIDTH - 14 - 10 - BULLET_INDENT;
  const wrapped = points.map((point) => wrapText(point, textWidth, fonts.measurer(BODY_SIZE), plan.language));
  const height = 30 + wrapped.reduce((sum, lines) => sum + lines.length * leading + 4, 0) + 6;
  page.drawRectangle({ x: MARGIN_X, y: top - height, width: CONTENT_WIDTH, height, color: theme.tint });
  page.drawRectangle({ x: MARGIN_X, y: top - height, width: 3, height, color: theme.brand });
  page.drawText(labels.keyPoints, { x: textX, y: top - 18, size: 11, font: fonts.bold, color: theme.brand });
  let y = top - 30;
  for (const lines of wrapped) {
    page.drawText(BULLET, {
      x: textX,
      y: y - BODY_SIZE,
      size: BODY_SIZE,
      font: fonts.bold,
      color: theme.brand,
    });
    page.drawText(lines.join('\n'), {
      x: textX + BULLET_INDENT,
      y: y - BODY_SIZE,
      size: BODY_SIZE,
      lineHeight: leading,
      font: fonts.regular,
      color: theme.text,
    });
    y -= lines.length * leading + 4;
  }
  return top - height;
}
