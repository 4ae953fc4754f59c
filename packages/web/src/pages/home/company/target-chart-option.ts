import type { BrokerView } from '@rl/contract';
import { MARK_SYMBOLS, markOf, viewsByBroker, type ViewMark } from './view-marks';

/** The words and formats the chart shows, in the interface language. */
export interface TargetChartText {
  rating(view: BrokerView): string | null;
  mark(mark: ViewMark): string | null;
  price(value: number, currency: string | null): string;
  date(value: string): string;
  /** Said of a point whose note gave a rating but no new target (drawn at the last one). */
  carried: string;
  /** The value axis's name when the views use no single currency. */
  target: string;
}

/** One drawn point: a view, where it sits, and whether its target is carried from an earlier note. */
export interface TargetPoint {
  view: BrokerView;
  date: string;
  target: number;
  carried: boolean;
  mark: ViewMark;
}

/**
 * Each broker's dated views as points of its line: a view without a target (a rating change
 * alone) sits at the broker's last target so the change is still marked; before any target it
 * has nowhere to sit and is left to the table.
 */
export function brokerPoints(history: readonly BrokerView[]): Map<string, TargetPoint[]> {
  const lines = new Map<string, TargetPoint[]>();
  for (const [broker, views] of viewsByBroker(history)) {
    const points: TargetPoint[] = [];
    let last: number | null = null;
    views.forEach((view, index) => {
      const mark = markOf(view, views[index - 1]);
      if (!view.publish_date) return;
      if (view.target_price !== null) last = view.target_price;
      if (last === null) return;
      points.push({ view, date: view.publish_date, target: last, carried: view.target_price === null, mark });
    });
    if (points.length) lines.set(broker, points);
  }
  return lines;
}

const DAY_MS = 86_400_000;

/** A day as YYYY-MM-DD in local time, as ECharts reads the dates it is given. */
function isoDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The date axis's ends, a little beyond the first and last note so no point sits on the frame;
 * a few days at least, or notes of one week would be spread over hours.
 */
function dateRange(lines: Map<string, TargetPoint[]>): { min: number; max: number } {
  const times = [...lines.values()].flat().map((point) => new Date(`${point.date}T00:00:00`).getTime());
  const first = Math.min(...times);
  const last = Math.max(...times);
  const pad = Math.max((last - first) * 0.05, 7 * DAY_MS);
  return { min: first - pad, max: last + pad };
}

/**
 * The value axis's ends, a margin beyond the lowest and highest target and rounded to the
 * margin's order of magnitude. Left to itself (scale: true) the axis starts at the lowest target
 * when every target is the same, so a lone 690 sat on the date axis as if it were none.
 */
export function valueRange(lines: Map<string, TargetPoint[]>): { min: number; max: number } {
  const targets = [...lines.values()].flat().map((point) => point.target);
  const low = Math.min(...targets);
  const high = Math.max(...targets);
  const pad = Math.max((high - low) * 0.1, Math.abs(high) * 0.05, 0.01);
  const step = 10 ** Math.floor(Math.log10(pad));
  const round = (value: number) => Number(value.toPrecision(12));
  return {
    min: round(Math.max(0, Math.floor((low - pad) / step) * step)),
    max: round(Math.ceil((high + pad) / step) * step),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tooltipOf(point: TargetPoint, text: TargetChartText): string {
  const { view } = point;
  const rating = text.rating(view);
  const mark = text.mark(point.mark);
  const lines = [
    `<div class="rl-target-tip__broker">${escapeHtml(view.issuer)}</div>`,
    `<div>${escapeHtml(text.date(point.date))}</div>`,
    rating && `<div>${escapeHtml(mark ? `${rating} · ${mark}` : rating)}</div>`,
    `<div>${escapeHtml(
      point.carried
        ? `${text.price(point.target, view.currency)} (${text.carried})`
        : text.price(point.target, view.currency),
    )}</div>`,
    `<div class="rl-target-tip__title">${escapeHtml(view.title)}</div>`,
  ];
  return lines.filter(Boolean).join('');
}

/**
 * The ECharts option of the targets over time: one stepped line per broker (a target holds until
 * the broker's next note), each point shaped by its move (initiate, upgrade, downgrade), with a
 * tooltip naming the note. Null when no view has a dated target.
 */
export function targetChartOption(
  history: readonly BrokerView[],
  text: TargetChartText,
  { compact }: { compact: boolean },
): Record<string, unknown> | null {
  const lines = brokerPoints(history);
  if (lines.size === 0) return null;
  const brokers = [...lines.keys()];
  const currencies = new Set(history.map((view) => view.currency).filter(Boolean));
  const axisName = currencies.size === 1 ? [...currencies][0]! : text.target;
  return {
    animation: false,
    grid: compact
      ? { left: 8, right: 16, top: 56, bottom: 8, containLabel: true }
      : { left: 16, right: 32, top: 48, bottom: 16, containLabel: true },
    legend: { type: 'scroll', top: 0, data: brokers },
    tooltip: {
      trigger: 'item',
      confine: true,
      className: 'rl-target-tip',
      formatter: (params: { seriesIndex: number; dataIndex: number }) => {
        const point = lines.get(brokers[params.seriesIndex] ?? '')?.[params.dataIndex];
        return point ? tooltipOf(point, text) : '';
      },
    },
    xAxis: {
      type: 'time',
      ...dateRange(lines),
      minInterval: DAY_MS,
      axisLabel: { hideOverlap: true, formatter: (value: number) => text.date(isoDay(value)) },
    },
    yAxis: {
      type: 'value',
      scale: true,
      ...valueRange(lines),
      name: axisName,
      nameTextStyle: { align: 'left' },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    series: brokers.map((broker) => ({
      name: broker,
      type: 'line',
      step: 'end',
      showAllSymbol: true,
      emphasis: { focus: 'series' },
      data: lines.get(broker)!.map((point) => {
        const symbol = MARK_SYMBOLS[point.mark];
        return {
          value: [point.date, point.target],
          symbol: symbol.symbol,
          symbolSize: symbol.size,
          symbolRotate: symbol.rotate,
        };
      }),
    })),
  };
}
