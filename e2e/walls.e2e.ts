import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileListItem } from '@rl/contract';
import { useJourney } from './helpers/journey';
import { searchLibrary } from './helpers/library';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForResults } from './helpers/ui';

/**
 * A visitor meets the free plan's file-age rule: the result list marks the report with a lock
 * before the click, and opening it shows why (the rule and the day it opens) in place of the PDF,
 * with its details still there and no plans dialog reopening on its own.
 */
const shot = screenshotter('walls');

describe('walls: a visitor opens a report the free plan does not open yet', () => {
  let server: RunningServer;
  let page: Page;
  let locked: FileListItem;

  useJourney({ seedCount: 12 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    const all = await searchLibrary(server.url, { keyword: '', page_length: 100 });
    const found = all.file_list.find((file) => file.locked);
    if (!found) throw new Error('the generated library has no report within the last year');
    locked = found;
  });

  it('marks it locked in the list, and says why in place of the PDF', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    const item = page.locator(`${RESULT}[data-file-id="${locked.id}"]`);
    const lock = item.locator('[data-testid="lock-mark"]');
    await lock.waitFor();
    expect(await lock.getAttribute('aria-label')).toMatch(
      /^Opens on the free plan on .+; the institutional plan opens it now$/,
    );
    await lock.hover();
    await page.locator('.ant-tooltip:visible', { hasText: 'the institutional plan opens it now' }).waitFor();
    // Reports the free plan opens carry no lock.
    const open = await page.locator(`${RESULT}:not(:has([data-testid="lock-mark"]))`).count();
    expect(open).toBeGreaterThan(0);

    await item.click();
    const blocked = page.locator('[data-testid="blocked-preview"]');
    await blocked.waitFor();
    const notice = blocked.locator('[data-testid="wall-notice"]');
    expect(await notice.getAttribute('data-reason')).toBe('file_age');
    const lockedInfo = locked.locked!;
    // The server's day, written as the page writes every date (one box never shows it two ways).
    const opens = new Date(`${lockedInfo.opens_at}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const said = await notice.textContent();
    expect(said).toContain(`this one opens on ${opens}`);
    expect(said).not.toContain(lockedInfo.opens_at);
    // The details stay: the title in the viewer's header and details.
    await page.locator('[data-testid="file-viewer"]', { hasText: locked.title }).waitFor();
    expect(await page.getByText('The report could not be loaded').count()).toBe(0);
    expect(await page.locator('.rl-subscription-modal:visible').count()).toBe(0);
    await shot(page, 'blocked-en');

    // The plans open once, on request, saying which rule; closing them leaves the report as it was.
    await blocked.locator('[data-testid="blocked-plans"]').click();
    const modal = page.locator('.rl-subscription-modal:visible');
    await modal.locator('[data-testid="wall-notice"][data-reason="file_age"]').waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await blocked.waitFor();
  });

  it('says it in Chinese too', async () => {
    await switchLanguage(page, '中文', 'zh-CN');
    const blocked = page.locator('[data-testid="blocked-preview"]');
    await blocked.locator('text=免费版暂不能打开本研报').waitFor();
    await blocked
      .locator('[data-testid="wall-notice"]', { hasText: '本研报超出免费版的发布时间限制' })
      .waitFor();
    await shot(page, 'blocked-zh');
  });
});
