import type { BrokerView } from '@rl/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../utils/use-formatters';
import { useViewport } from '../../../utils/use-viewport';
import { EChart } from '../../../components/echart/echart';
import { actionLabel } from '../../../locale/research-labels';
import { formatTarget, ratingText } from './research-text';
import { targetChartOption } from './target-chart-option';
import type { ViewMark } from './view-marks';

/** The marks the chart draws, in the order the key lists them. */
const KEY_MARKS: { mark: Exclude<ViewMark, 'none'>; shape: string }[] = [
  { mark: 'initiate', shape: '◆' },
  { mark: 'upgrade', shape: '▲' },
  { mark: 'downgrade', shape: '▼' },
  { mark: 'maintain', shape: '●' },
];

/**
 * The brokers' targets over time (loaded apart: ECharts is large). The key under it names the
 * marks' shapes; the table beside it says the same in words.
 */
export function TargetChart({ history }: { history: BrokerView[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { phone } = useViewport();
  const option = useMemo(
    () =>
      targetChartOption(
        history,
        {
          rating: (view) => ratingText(t, view),
          mark: (mark) => (mark === 'none' ? null : actionLabel(t, mark)),
          price: (value, currency) => formatTarget(value, currency),
          date: (value) => format.date(value) ?? value,
          carried: t('company.chart.carried'),
          target: t('company.chart.target'),
        },
        { compact: phone },
      ),
    [history, t, format, phone],
  );
  if (!option) {
    return (
      <p className="rl-company__empty" data-testid="company-chart-empty">
        {t('company.chart.empty')}
      </p>
    );
  }
  return (
    <figure className="rl-company-chart" aria-label={t('company.chart.label')}>
      <EChart option={option} height={phone ? 260 : 320} testId="company-chart" />
      <figcaption className="rl-company-chart__key">
        {KEY_MARKS.map(({ mark, shape }) => (
          <span key={mark} className={`rl-company-chart__mark rl-company-chart__mark--${mark}`}>
            <span aria-hidden="true">{shape}</span> {actionLabel(t, mark)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
