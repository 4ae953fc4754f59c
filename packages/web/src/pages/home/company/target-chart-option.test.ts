import type { BrokerView } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { brokerPoints, targetChartOption, valueRange, type TargetChartText } from './target-chart-option';
import { markOf } from './view-marks';

function view(overrides: Partial<BrokerView>): BrokerView {
  return {
    file_id: 'file_00000000001',
    title: 'A note',
    issuer: 'Acme',
    publish_date: '2026-01-01',
    language: 'en',
    rating: null,
    rating_normalised: null,
    rating_action: null,
    previous_rating: null,
    target_price: null,
    currency: 'HKD',
    previous_target_price: null,
    ...overrides,
  };
}

const TEXT: TargetChartText = {
  rating: (v) => v.rating_normalised,
  mark: (mark) => (mark === 'none' ? null : mark),
  price: (value, currency) => `${value} ${currency}`,
  date: (value) => value,
  carried: 'no new target',
  target: 'Target',
};

interface Series {
  name: string;
  step: string;
  data: { value: [string, number]; symbol: string; symbolRotate: number }[];
}

describe('the chart of targets over time', () => {
  it('reads a move from the printed action, else from the rating against the broker’s previous view', () => {
    const hold = view({ rating_normalised: 'hold' });
    expect(markOf(view({ rating_action: 'initiate', rating_normalised: 'buy' }), undefined)).toBe('initiate');
    expect(markOf(view({ rating_normalised: 'buy' }), hold)).toBe('upgrade');
    expect(markOf(view({ rating_normalised: 'sell' }), hold)).toBe('downgrade');
    expect(markOf(view({ rating_normalised: 'hold' }), hold)).toBe('maintain');
    expect(markOf(view({ rating_normalised: 'hold' }), undefined)).toBe('none');
    // A printed action wins over what the steps say.
    expect(markOf(view({ rating_action: 'maintain', rating_normalised: 'buy' }), hold)).toBe('maintain');
  });

  it('draws one stepped line per broker, each point shaped by its move', () => {
    const history = [
      view({
        issuer: 'Acme',
        publish_date: '2026-01-05',
        rating_action: 'initiate',
        rating_normalised: 'hold',
        target_price: 300,
      }),
      view({ issuer: 'Zeta', publish_date: '2026-01-20', rating_normalised: 'buy', target_price: 420 }),
      view({ issuer: 'Acme', publish_date: '2026-02-10', rating_normalised: 'buy', target_price: 360 }),
      view({ issuer: 'Zeta', publish_date: '2026-03-01', rating_normalised: 'hold', target_price: 380 }),
    ];
    const option = targetChartOption(history, TEXT, { compact: false })!;
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['Acme', 'Zeta']);
    expect(series.every((s) => s.step === 'end')).toBe(true);
    expect(series[0]!.data.map((d) => [d.value, d.symbol, d.symbolRotate])).toEqual([
      [['2026-01-05', 300], 'diamond', 0],
      [['2026-02-10', 360], 'triangle', 0],
    ]);
    expect(series[1]!.data.map((d) => [d.value, d.symbol, d.symbolRotate])).toEqual([
      [['2026-01-20', 420], 'circle', 0],
      [['2026-03-01', 380], 'triangle', 180],
    ]);
    expect((option.yAxis as { name: string }).name).toBe('HKD');
    const xAxis = option.xAxis as { min: number; max: number; axisLabel: { formatter(v: number): string } };
    expect(xAxis.min).toBeLessThan(new Date('2026-01-05T00:00:00').getTime());
    expect(xAxis.max).toBeGreaterThan(new Date('2026-03-01T00:00:00').getTime());
    expect(xAxis.axisLabel.formatter(new Date('2026-02-10T00:00:00').getTime())).toBe('2026-02-10');
  });

  it('keeps a rating change without a target on the broker’s last target, and leaves undated views out', () => {
    const lines = brokerPoints([
      view({ publish_date: '2026-01-05', rating_normalised: 'hold' }),
      view({ publish_date: '2026-02-05', rating_normalised: 'hold', target_price: 50 }),
      view({ publish_date: null, rating_normalised: 'buy', target_price: 70 }),
      view({ publish_date: '2026-03-05', rating_normalised: 'sell' }),
    ]);
    expect(lines.get('Acme')!.map((p) => [p.date, p.target, p.carried, p.mark])).toEqual([
      ['2026-02-05', 50, false, 'maintain'],
      ['2026-03-05', 50, true, 'downgrade'],
    ]);
  });

  it('has nothing to draw without a dated target, and names the axis when currencies differ', () => {
    expect(targetChartOption([view({ rating_normalised: 'buy' })], TEXT, { compact: true })).toBeNull();
    const mixed = targetChartOption(
      [view({ target_price: 1, currency: 'HKD' }), view({ issuer: 'B', target_price: 2, currency: 'CNY' })],
      TEXT,
      { compact: true },
    )!;
    expect((mixed.yAxis as { name: string }).name).toBe('Target');
  });

  it('writes the tooltip with the note’s words escaped', () => {
    const option = targetChartOption(
      [
        view({
          issuer: 'A&B <Research>',
          title: '<img src=x onerror=alert(1)>',
          target_price: 12,
          rating_normalised: 'buy',
          rating_action: 'upgrade',
        }),
      ],
      TEXT,
      { compact: false },
    )!;
    const tooltip = option.tooltip as { formatter(p: { seriesIndex: number; dataIndex: number }): string };
    const html = tooltip.formatter({ seriesIndex: 0, dataIndex: 0 });
    expect(html).toContain('A&#38;B &#60;Research&#62;');
    expect(html).toContain('buy · upgrade');
    expect(html).toContain('12 HKD');
    expect(html).not.toContain('<img');
  });
});

describe('the value axis of the targets', () => {
  it('keeps a lone target (or equal ones) off the date axis, with a margin on both sides', () => {
    const option = targetChartOption([view({ target_price: 690 })], TEXT, { compact: false });
    const yAxis = option?.yAxis as { min: number; max: number };
    expect(yAxis.min).toBeLessThan(690);
    expect(yAxis.max).toBeGreaterThan(690);
    expect(yAxis).toMatchObject({ min: 650, max: 730 });
    const equal = brokerPoints([
      view({ issuer: 'Acme', target_price: 690 }),
      view({ issuer: 'Zeta', publish_date: '2026-02-01', target_price: 690 }),
    ]);
    expect(valueRange(equal)).toEqual({ min: 650, max: 730 });
  });

  it('spans the targets with a tenth of their spread beyond, never below zero', () => {
    const points = brokerPoints([
      view({ issuer: 'Acme', target_price: 300 }),
      view({ issuer: 'Zeta', publish_date: '2026-02-01', target_price: 420 }),
    ]);
    expect(valueRange(points)).toEqual({ min: 270, max: 450 });
    expect(valueRange(brokerPoints([view({ target_price: 0.5 })])).min).toBeGreaterThanOrEqual(0);
    expect(valueRange(brokerPoints([view({ target_price: 0.5 })])).max).toBeGreaterThan(0.5);
  });
});
