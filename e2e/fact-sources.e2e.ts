import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { importFolder } from './helpers/import-folder';
import { useJourney } from './helpers/journey';
import { searchLibrary } from './helpers/library';
import { CORPUS_REPORTS } from './helpers/my-library';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { switchLanguage } from './helpers/ui';

/** A J.P. Morgan note on Tencent from the shared corpus: its rating box is on page 1. */
const NOTE = path.resolve(CORPUS_REPORTS, '../research/en_jpmorgan_tencent_company.pdf');
const RATING_SOURCE = '.rl-viewer__tabs [data-testid="source-rating"]';
const PAGE_INPUT = '[data-testid="pdf-page-input"] input, input[data-testid="pdf-page-input"]';

const pageShown = (page: Page) => page.locator(PAGE_INPUT).first().inputValue();

/**
 * Where a fact was printed: a broker note imported (the import prints each fact's page and line),
 * read on page 3; in the details, hovering the rating shows the line it was read from, and a
 * click turns the PDF back to page 1, where the rating box is. In Chinese too.
 */
describe('fact sources: the rating of a note → its line → its page', () => {
  let server: RunningServer;
  let page: Page;
  let folder: string;
  let fileId: string;
  const shot = screenshotter('fact-sources');

  useJourney({ seedCount: 2 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'rl-e2e-sources-'));
    await symlink(NOTE, path.join(folder, path.basename(NOTE)));
    const out = await importFolder(server.dataDir, folder);
    expect(out).toMatch(/↳ rating p\. 1: .*Overweight/);
    const found = await searchLibrary(server.url, { keyword: '', page_id: 1, filter: { ticker: '0700.HK' } });
    fileId = found.file_list[0]!.id;
    const { paid } = await demoAccounts(server.dataDir);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useToken(page, server.url, await apiLogin(server.url, paid), `/home/file?file=${fileId}`);
  }, 300_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('shows the line the rating was read from on hover, and a click lands on its page', async () => {
    await page.waitForSelector('[data-testid="file-viewer"]');
    await waitForRenderedPage(page, 1);
    // The reader has moved on to page 3.
    await page.locator(PAGE_INPUT).first().fill('3');
    await page.locator(PAGE_INPUT).first().press('Enter');
    await expect.poll(() => pageShown(page), { timeout: 20_000 }).toBe('3');

    await page.locator('.rl-viewer__tabs .ant-tabs-tab', { hasText: 'Details' }).click();
    const mark = page.locator(RATING_SOURCE).first();
    await mark.waitFor();
    await expect(mark.innerText()).resolves.toBe('p. 1');
    await mark.hover();
    const tooltip = page.locator('.ant-tooltip:visible');
    await tooltip.waitFor();
    await expect(tooltip.innerText()).resolves.toMatch(/^p\. 1: .*Overweight/);
    await shot(page, 'rating-source');

    await mark.click();
    await expect.poll(() => pageShown(page), { timeout: 20_000 }).toBe('1');
    await waitForRenderedPage(page, 1);
  });

  it('says where in Chinese too', async () => {
    await switchLanguage(page, '中文', 'zh-CN');
    const mark = page.locator(RATING_SOURCE).first();
    await expect(mark.innerText()).resolves.toBe('第 1 页');
    await page.mouse.move(0, 0);
    await mark.hover();
    await expect
      .poll(() => page.locator('.ant-tooltip:visible').first().innerText(), { timeout: 10_000 })
      .toMatch(/^第 1 页：.*Overweight/);
    await shot(page, 'rating-source-zh');
    await switchLanguage(page, 'English', 'en-US');
  });
});
