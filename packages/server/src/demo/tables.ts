import type { PDFPage } from 'pdf-lib';
import { fitOneLine, TABLE_ROW_HEIGHT, TABLE_TEXT_SIZE } from './layout.js';
import type { RenderContext } from './render-context.js';
import type { TableSpec } from './types.js';

const CELL_PADDING = 4;

/**
 * A striped table with a brand-coloured header: first column left-aligned, numbers right-aligned.
 * Columns share the width in proportion to their widest cell. Returns the height used.
 */
export function drawTable(
  page: PDFPage,
  table: TableSpec,
  x: number,
  top: number,
  width: number,
  context: RenderContext,
): number {
  const { fonts, theme } = context;
  const size = TABLE_TEXT_SIZE;
  const columnCount = table.header.length;
  const natural = Array.from(
    { length: columnCount },
    (_, c) =>
      Math.max(
        fonts.measure(table.header[c] ?? '', size, true),
        ...table.rows.map((row) => fonts.measure(row[c] ?? '', size)),
      ) +
      2 * CELL_PADDING,
  );
  const total = natural.reduce((sum, w) => sum + w, 0);
  const widths = natural.map((w) => (w / total) * width);

  const drawRow = (cells: readonly string[], rowTop: number, header: boolean): void => {
    const baseline = rowTop - TABLE_ROW_HEIGHT + 4;
    let cellX = x;
    cells.forEach((cell, c) => {
      const cellWidth = widths[c] ?? 0;
      const text = fitOneLine(cell, cellWidth - 2 * CELL_PADDING, (t) => fonts.measure(t, size, header));
      const textWidth = fonts.measure(text, size, header);
      const textX = c === 0 ? cellX + CELL_PADDING : cellX + cellWidth - CELL_PADDING - textWidth;
      page.drawText(text, {
        x: textX,
        y: baseline,
        size,
        font: header ? fonts.bold : fonts.regular,
        color: header ? theme.white : theme.text,
      });
      cellX += cellWidth;
    });
  };

  page.drawRectangle({ x, y: top - TABLE_ROW_HEIGHT, width, height: TABLE_ROW_HEIGHT, color: theme.brand });
  drawRow(table.header, top, true);
  table.rows.forEach((row, r) => {
    const rowTop = top - (r + 1) * TABLE_ROW_HEIGHT;
    if (r % 2 === 1)
      page.drawRectangle({
        x,
        y: rowTop - TABLE_ROW_HEIGHT,
        width,
        height: TABLE_ROW_HEIGHT,
        color: theme.stripe,
      });
    drawRow(row, rowTop, false);
  });
  const bottom = top - (table.rows.length + 1) * TABLE_ROW_HEIGHT;
  page.drawLine({
    start: { x, y: bottom },
    end: { x: x + width, y: bottom },
    thickness: 0.6,
    color: theme.brand,
  });
  return top - bottom;
}
