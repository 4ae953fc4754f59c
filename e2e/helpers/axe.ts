import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** What the journeys need of one axe-core violation. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  summary: string;
}

interface AxeRawResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (every rule but the experimental ones) on the page as it is now. The script is
 * evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
 * (a <script> tag would be refused by it).
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  )) as AxeRawResult;
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    summary: v.nodes[0]?.failureSummary ?? '',
  }));
}

/** One line per violation, with up to five of the elements it names. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: [${v.impact}] ${v.id}: ${v.help}\n    ${v.targets.slice(0, 30).join('\n    ')}` +
        (v.targets.length > 5 ? `\n    … ${v.targets.length - 5} more` : '') +
        `\n    ${v.summary.replace(/\n/g, ' ')}`,
    )
    .join('\n');
}
