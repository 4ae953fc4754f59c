import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS } from './paths';

/** Saves a screenshot of a failed test under e2e/artifacts/failures/. */
export async function screenshotFailure(page: Page | undefined, testName: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const file = path.join(ARTIFACTS, 'failures', `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
  await mkdir(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file }).catch(() => undefined);
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
