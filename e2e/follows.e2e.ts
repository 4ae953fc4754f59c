import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { chooseUpload, CORPUS_REPORTS, openUploadPage } from './helpers/my-library';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { switchLanguage, waitForResults } from './helpers/ui';

/** A J.P. Morgan note on Tencent (0700.HK), from the shared corpus: a report nobody here wrote. */
const NOTE = path.resolve(CORPUS_REPORTS, '../research/en_jpmorgan_tencent_company.pdf');
const INBOX_ITEM = '[data-testid="inbox-item"]';

async function unreadBadge(page: Page): Promise<string> {
  const badge = page.locator('[data-testid="inbox-badge"]').first();
  await badge.waitFor({ timeout: 30_000 });
  // The number drawn, not the words a screen reader reads beside it.
  return (await badge.locator('.ant-badge').innerText()).trim();
}

/**
 * What's new on my names: an analyst saves a search, a note matching it arrives, the menu's badge
 * counts it, the inbox says why it is there with the note's call, and opening it reads it.
 */
describe('follows: save a search → a note arrives → the badge → the inbox → the report', () => {
  let server: RunningServer;
  let page: Page;
  const shot = screenshotter('follows');

  useJourney({ seedCount: 6 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    const { paid } = await demoAccounts(server.dataDir);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useToken(page, server.url, await apiLogin(server.url, paid), '/home/file?q=Tencent');
  });

  it('saves the search on screen under a name', async () => {
    await waitForResults(page).catch(() => undefined); // the demo library may hold no match
    await page.click('[data-testid="save-search"]');
    const name = page.locator('[data-testid="save-search-name"]');
    await name.waitFor();
    await expect(name.inputValue()).resolves.toBe('Tencent');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForSelector('[data-testid="save-search-done"]');
    await page.goto(`${server.url}/my/follows`);
    await page.getByText('Tencent', { exact: true }).first().waitFor();
    await shot(page, 'following');
  });

  it('counts the matching note in the menu once it is read, and lists it in the inbox with why', async () => {
    await openUploadPage(page, server.url);
    await chooseUpload(page, NOTE);
    await page.click('[data-testid="upload-submit"]');
    await page.waitForSelector('[data-testid="myfile-row"][data-status="ready"]', { timeout: 120_000 });
    // The alerts job runs after the reading: the badge shows once it has, on the next look.
    let count = '';
    for (let i = 0; i < 30 && count !== '1'; i++) {
      await page.goto(`${server.url}/my/upload`);
      count = await unreadBadge(page).catch(() => '');
    }
    expect(count).toBe('1');
    await shot(page, 'badge');

    await page.goto(`${server.url}/my/inbox`);
    const item = page.locator(INBOX_ITEM).first();
    await item.waitFor();
    await expect(item.getAttribute('data-unread')).resolves.toBe('true');
    await expect(item.innerText()).resolves.toContain('Tencent');
    await shot(page, 'inbox');
    await switchLanguage(page, '中文', 'zh-CN');
    await page.locator(INBOX_ITEM).first().waitFor();
    await shot(page, 'inbox-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('opens the report from the inbox and counts it read', async () => {
    const item = page.locator(INBOX_ITEM).first();
    await item.locator('[data-testid="open-button"]').click();
    await page.waitForSelector('[data-testid="file-viewer"]');
    await page.goto(`${server.url}/my/inbox`);
    await expect(page.locator(INBOX_ITEM).first().getAttribute('data-unread')).resolves.toBe('false');
    await expect(page.locator('[data-testid="inbox-badge"]').count()).resolves.toBe(0);
  });
});
