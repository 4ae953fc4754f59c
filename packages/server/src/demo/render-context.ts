import type { ReportFonts } from './fonts.js';
import type { Theme } from './theme.js';
import type { DemoReportPlan } from './types.js';
import type { Labels } from './vocabulary.js';

/** What every drawing function needs; `exhibit` counts exhibits across the whole report. */
export interface RenderContext {
  plan: DemoReportPlan;
  fonts: ReportFonts;
  theme: Theme;
  labels: Labels;
  /** Caption under exhibits, without its prefix. */
  source: string;
  exhibit: number;
}

/** A rectangle in PDF coordinates (y grows upwards, `y` is the bottom edge). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
