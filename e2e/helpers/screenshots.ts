import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './paths';

/**
 * Saves a screenshot of a failed test under e2e/artifacts/failures/, and beside it the last lines the
 * journey's server logged (what it did, or failed to do, when the browser saw the failure).
 */
export async function screenshotFailure(
  page: Page | undefined,
  testName: string,
  serverLog: readonly string[] = [],
): Promise<void> {
  const file = path.join(ARTIFACTS, 'failures', testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80));
  await mkdir(path.dirname(file), { recursive: true });
  if (serverLog.length > 0) await writeFile(`${file}.log`, serverLog.slice(-200).join('\n'));
  if (!page || page.isClosed()) return;
  await page.screenshot({ path: `${file}.png` }).catch(() => undefined);
}

/** Saves numbered screenshots of a journey under e2e/artifacts/<journey>/ (emptied on the first shot). */
export function screenshotter(journey: string) {
  let step = 0;
  const folder = path.join(ARTIFACTS, journey);
  return async (page: Page, name: string): Promise<string> => {
    if (step === 0) await rm(folder, { recursive: true, force: true });
    step += 1;
    const file = path.join(folder, `${String(step).padStart(2, '0')}-${name}.png`);
    await mkdir(folder, { recursive: true });
    await page.screenshot({ path: file });
    return file;
  };
}
