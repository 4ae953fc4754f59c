import { PDFDocument, type PDFPage } from 'pdf-lib';
import { composeReport } from './compose-report.js';
import { formatChineseDate, formatEnglishDate, toUtcDate } from './dates.js';
import { embedReportFonts } from './fonts.js';
import { languagePack } from './language-pack.js';
import {
  BODY_BOTTOM,
  BODY_TOP,
  CONTENT_WIDTH,
  fitOneLine,
  MARGIN_X,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from './layout.js';
import { drawBlocks } from './render-blocks.js';
import type { RenderContext } from './render-context.js';
import { drawCover } from './render-cover.js';
import { themeFor } from './theme.js';
import type { DemoReportPlan } from './types.js';

export const DEMO_PRODUCER = 'Research Library demo generator';

/**
 * Renders a plan into a research-report PDF. The output depends on the plan only: dates come from
 * the publish date, the producer is fixed and pdf-lib writes no random document ID.
 */
export async function renderDemoReport(plan: DemoReportPlan): Promise<Uint8Array> {
  if (!Number.isInteger(plan.pageCount) || plan.pageCount < 2 || plan.pageCount > 30) {
    throw new Error(`pageCount must be an integer from 2 to 30, got ${plan.pageCount}`);
  }
  const content = composeReport(plan);
  const doc = await PDFDocument.create({ updateMetadata: false });
  setInfo(doc, plan);
  const context: RenderContext = {
    plan,
    fonts: await embedReportFonts(doc, plan.language),
    theme: themeFor(plan.issuer),
    labels: languagePack(plan.language).labels,
    source: content.source,
    exhibit: 1,
  };

  const cover = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  drawCover(cover, content, context);
  drawFooter(cover, 1, context);
  content.pages.forEach((blocks, i) => {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    drawHeader(page, context);
    drawBlocks(
      page,
      blocks,
      { x: MARGIN_X, width: CONTENT_WIDTH, top: BODY_TOP, bottom: BODY_BOTTOM },
      context,
    );
    drawFooter(page, i + 2, context);
  });
  return doc.save();
}

function setInfo(doc: PDFDocument, plan: DemoReportPlan): void {
  const date = toUtcDate(plan.publishDate);
  doc.setTitle(plan.title);
  doc.setAuthor(plan.authors.join(', '));
  doc.setSubject(`${plan.assetClass} | ${plan.country}`);
  // pdf-lib joins keywords with spaces, which would blur multi-word tags; a comma list stays readable.
  doc.setKeywords([plan.tags.join(', ')]);
  doc.setCreator(plan.issuer);
  doc.setProducer(DEMO_PRODUCER);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  doc.setLanguage(plan.language === 'zh' ? 'zh-CN' : 'en-US');
}

/** Issuer on the left, report type and date on the right, over a brand-coloured rule. */
function drawHeader(page: PDFPage, context: RenderContext): void {
  const { plan, fonts, theme } = context;
  const y = PAGE_HEIGHT - 40;
  page.drawText(plan.issuer, { x: MARGIN_X, y, size: 8.5, font: fonts.bold, color: theme.brand });
  const date =
    plan.language === 'zh' ? formatChineseDate(plan.publishDate) : formatEnglishDate(plan.publishDate);
  const issuerWidth = fonts.measure(plan.issuer, 8.5, true);
  const right = fitOneLine(
    `${plan.reportType}  |  ${date}`,
    CONTENT_WIDTH - issuerWidth - 24,
    fonts.measurer(7.5),
  );
  page.drawText(right, {
    x: MARGIN_X + CONTENT_WIDTH - fonts.measure(right, 7.5),
    y,
    size: 7.5,
    font: fonts.regular,
    color: theme.muted,
  });
  page.drawLine({
    start: { x: MARGIN_X, y: y - 8 },
    end: { x: MARGIN_X + CONTENT_WIDTH, y: y - 8 },
    thickness: 0.8,
    color: theme.brand,
  });
}

/** The disclaimer notice on the left and `Page n of N` on the right. */
function drawFooter(page: PDFPage, pageNumber: number, context: RenderContext): void {
  const { plan, fonts, theme, labels } = context;
  const y = 34;
  page.drawLine({
    start: { x: MARGIN_X, y: y + 12 },
    end: { x: MARGIN_X + CONTENT_WIDTH, y: y + 12 },
    thickness: 0.4,
    color: theme.grid,
  });
  page.drawText(labels.notice, { x: MARGIN_X, y, size: 7, font: fonts.regular, color: theme.muted });
  const pageLabel = labels.page(pageNumber, plan.pageCount);
  page.drawText(pageLabel, {
    x: MARGIN_X + CONTENT_WIDTH - fonts.measure(pageLabel, 7.5),
    y,
    size: 7.5,
    font: fonts.regular,
    color: theme.muted,
  });
}
