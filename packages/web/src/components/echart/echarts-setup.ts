/**
 * ECharts, modular: only the charts and components the dashboard draws, on canvas. Imported by
 * the dashboard's lazily loaded chunk only, so none of it reaches the user app's first screen.
 */
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type { EChartsCoreOption } from 'echarts/core';
