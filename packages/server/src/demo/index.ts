import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uniqueFileName } from './file-names.js';
import { planDemoReport } from './plan-report.js';
import { renderDemoReport } from './render-report.js';
import type { DemoReportPlan } from './types.js';

export { planDemoReport } from './plan-report.js';
export { renderDemoReport, DEMO_PRODUCER } from './render-report.js';
export { DEMO_ISSUERS, type DemoIssuer } from './issuers.js';
export type { DemoReportPlan, DemoStock } from './types.js';

/** Plans and renders report `index` of the corpus seeded by `seed`. */
export async function generateDemoReport(
  seed: number,
  index: number,
  today: string,
): Promise<{ plan: DemoReportPlan; bytes: Uint8Array }> {
  const plan = planDemoReport(seed, index, today);
  return { plan, bytes: await renderDemoReport(plan) };
}

/**
 * Writes reports 0..count-1 into `dir` and returns their plans. Two plans can share a file name (same
 * day, issuer and title); the later one then gets a `-2`, `-3`... suffix, reflected in its plan.
 */
export async function writeDemoCorpus(
  dir: string,
  opts: { count: number; seed: number; today: string },
): Promise<DemoReportPlan[]> {
  await mkdir(dir, { recursive: true });
  const used = new Set<string>();
  const plans: DemoReportPlan[] = [];
  for (let index = 0; index < opts.count; index++) {
    const { plan, bytes } = await generateDemoReport(opts.seed, index, opts.today);
    const fileName = uniqueFileName(plan.fileName, used);
    used.add(fileName);
    await writeFile(join(dir, fileName), bytes);
    plans.push({ ...plan, fileName });
  }
  return plans;
}
