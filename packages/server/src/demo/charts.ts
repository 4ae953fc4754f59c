import {
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  setLineWidth,
  setStrokingColor,
  stroke,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { Box, RenderContext } from './render-context.js';
import type { ChartSpec } from './types.js';

const LABEL_SIZE = 6.5;

interface Ticks {
  min: number;
  max: number;
  step: number;
  decimals: number;
}

/** Round axis ticks (1, 2, 2.5 or 5 times a power of ten) covering the data, about five of them. */
function niceTicks(low: number, high: number): Ticks {
  const span = high - low || Math.abs(high) || 1;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const decimals = Math.max(0, Math.min(2, Math.ceil(-Math.log10(step) + 0.0001)));
  return { min: Math.floor(low / step) * step, max: Math.ceil(high / step) * step, step, decimals };
}

interface Point {
  x: number;
  y: number;
}

/**
 * Strokes polylines as one path: far fewer PDF operators (and less time) than a drawLine per
 * segment, which matters with thousands of chart lines in a corpus.
 */
function strokePaths(page: PDFPage, paths: readonly (readonly Point[])[], color: RGB, width: number): void {
  page.pushOperators(
    pushGraphicsState(),
    setStrokingColor(color),
    setLineWidth(width),
    ...paths.flatMap((points) => points.map((point, i) => (i === 0 ? moveTo : lineTo)(point.x, point.y))),
    stroke(),
    popGraphicsState(),
  );
}

function seriesColor(context: RenderContext, series: number): RGB {
  const { palette } = context.theme;
  return palette[series % palette.length] ?? context.theme.brand;
}

/** A bar or line chart drawn with vector rectangles and lines: grid, axes, labels and legend. */
export function drawChart(page: PDFPage, chart: ChartSpec, box: Box, context: RenderContext): void {
  const { fonts, theme } = context;
  const values = chart.series.flatMap((series) => series.values);
  const low = Math.min(...values);
  const high = Math.max(...values);
  // Bars start from zero; lines zoom in on their range.
  const ticks = chart.kind === 'bar' ? niceTicks(Math.min(0, low), Math.max(0, high)) : niceTicks(low, high);
  // Multiplying (not accumulating) keeps labels like 0.0 free of floating-point dust such as -0.0.
  const tickCount = Math.round((ticks.max - ticks.min) / ticks.step);
  const tickValues = Array.from({ length: tickCount + 1 }, (_, i) => {
    const v = ticks.min + i * ticks.step;
    return Math.abs(v) < ticks.step / 1e6 ? 0 : v;
  });
  const tickLabels = tickValues.map((v) => v.toFixed(ticks.decimals));
  const labelWidth = Math.max(...tickLabels.map((label) => fonts.measure(label, LABEL_SIZE)));

  const legendHeight = chart.series.length > 1 ? 12 : 2;
  const plot = {
    x: box.x + labelWidth + 5,
    y: box.y + 12,
    width: box.width - labelWidth - 7,
    height: box.height - 12 - legendHeight,
  };
  const yOf = (v: number): number => plot.y + ((v - ticks.min) / (ticks.max - ticks.min)) * plot.height;

  const gridlines = tickValues.map((v) => [
    { x: plot.x, y: yOf(v) },
    { x: plot.x + plot.width, y: yOf(v) },
  ]);
  strokePaths(page, gridlines, theme.grid, 0.4);
  tickValues.forEach((v, i) => {
    const y = yOf(v);
    const label = tickLabels[i] ?? '';
    page.drawText(label, {
      x: plot.x - 4 - fonts.measure(label, LABEL_SIZE),
      y: y - 2.2,
      size: LABEL_SIZE,
      font: fonts.regular,
      color: theme.muted,
    });
  });
  const axisY = yOf(Math.max(ticks.min, Math.min(0, ticks.max)));
  strokePaths(
    page,
    [
      [
        { x: plot.x, y: axisY },
        { x: plot.x + plot.width, y: axisY },
      ],
    ],
    theme.muted,
    0.7,
  );

  const count = chart.categories.length;
  const slot = plot.width / count;
  if (chart.kind === 'bar') {
    const barWidth = (slot * 0.7) / chart.series.length;
    chart.series.forEach((series, s) => {
      const color = seriesColor(context, s);
      series.values.forEach((v, i) => {
        const x = plot.x + i * slot + slot * 0.15 + s * barWidth;
        page.drawRectangle({
          x,
          y: Math.min(axisY, yOf(v)),
          width: barWidth,
          height: Math.abs(yOf(v) - axisY),
          color,
        });
      });
    });
  } else {
    chart.series.forEach((series, s) => {
      const points = series.values.map((v, i) => ({ x: plot.x + (i + 0.5) * slot, y: yOf(v) }));
      strokePaths(page, [points], seriesColor(context, s), s === 0 ? 1.3 : 0.9);
    });
  }

  // Thin out category labels until they no longer collide.
  const widest = Math.max(...chart.categories.map((label) => fonts.measure(label, LABEL_SIZE)));
  const every = Math.max(1, Math.ceil((widest + 6) / slot));
  chart.categories.forEach((label, i) => {
    if (i % every !== 0) return;
    const x = plot.x + (i + 0.5) * slot - fonts.measure(label, LABEL_SIZE) / 2;
    page.drawText(label, { x, y: box.y + 2, size: LABEL_SIZE, font: fonts.regular, color: theme.muted });
  });

  if (chart.series.length > 1) {
    let x = plot.x;
    chart.series.forEach((series, s) => {
      const color = seriesColor(context, s);
      const top = box.y + box.height - 8;
      page.drawRectangle({ x, y: top, width: 7, height: 5, color });
      page.drawText(series.name, {
        x: x + 10,
        y: top,
        size: LABEL_SIZE,
        font: fonts.regular,
        color: theme.text,
      });
      x += 22 + fonts.measure(series.name, LABEL_SIZE);
    });
  }
}
