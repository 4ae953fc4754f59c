import { useEffect, useRef } from 'react';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { echarts, type EChartsCoreOption } from './echarts-setup';

let canvasSupport: boolean | null = null;

/** Whether this browser can draw on a canvas (a test DOM cannot: the chart stays an empty box). */
function canDraw(): boolean {
  canvasSupport ??= Boolean(document.createElement('canvas').getContext('2d'));
  return canvasSupport;
}

/**
 * One chart: drawn into its container, redrawn when the option changes, resized with the
 * container, and in ECharts' dark theme when the app is dark (made again on a theme switch).
 */
export function EChart({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const theme = useAppSettingsStore((s) => s.theme);

  useEffect(() => {
    const element = container.current;
    if (!element || !canDraw()) return undefined;
    const instance = echarts.init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, theme]);

  return (
    <div ref={container} style={{ width: '100%', height }} data-testid={testId} className="rl-admin-chart" />
  );
}
