import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForResults, waitForToast } from './helpers/ui';

/**
 * The rough edges a reader meets without a model provider: the Chinese modes say at once that no
 * translation service is configured (and are disabled), the tab names the page and the report,
 * the downloads page is in the menu, and the settings cannot hide every way around the app.
 */
describe('rough edges: a library without a translation service', () => {
  let server: RunningServer;
  let page: Page;
  let paid: DemoAccount;

  useJourney({ seedCount: 4 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    ({ paid } = await demoAccounts(server.dataDir));
    await useToken(page, server.url, await apiLogin(server.url, paid));
  });

  it('names the page and the report in the tab, and disables the Chinese modes with the reason', async () => {
    await waitForResults(page);
    expect(await page.title()).toBe('File · Research Library');
    // An English report: the Chinese preview modes are offered on those only.
    await page.locator(RESULT, { hasText: 'English' }).first().click();
    // The tab names the report the viewer shows, then the page, then the library.
    await page.waitForFunction(() => document.title.endsWith(' · File · Research Library'));
    const reportTitle = (await page.title()).replace(/ · File · Research Library$/, '');
    expect((await page.locator('[data-testid="viewer-title"]').textContent())?.trim()).toBe(reportTitle);

    const chinese = page.locator('[data-testid="preview-mode"] input[type="radio"]').nth(2);
    await page.waitForFunction(
      () =>
        (document.querySelectorAll('[data-testid="preview-mode"] input[type="radio"]')[2] as HTMLInputElement)
          ?.disabled === true,
    );
    expect(await chinese.isDisabled()).toBe(true);
    await page.locator('[data-testid="preview-mode-unavailable"]').hover();
    await page.locator('.ant-tooltip:visible', { hasText: 'No translation service is configured' }).waitFor();
    // No "not ready yet" promise that nothing would keep.
    expect(await page.locator('.ant-message-notice').count()).toBe(0);

    await switchLanguage(page, '中文', 'zh-CN');
    await page.waitForFunction(
      (t) => document.title.startsWith(`${t} · `) && !document.title.includes('Research Library'),
      reportTitle,
    );
    await switchLanguage(page, 'English', 'en-US');
  });

  it('lists my downloads under My', async () => {
    await page.locator('[data-testid="download-button"]').click();
    await waitForToast(page, 'Downloading');
    await page.locator('[data-testid="side-menu"]').getByText('Downloads').click();
    await page.waitForSelector('[data-testid="downloads-table"]');
    await page.waitForFunction(() => document.title === 'Downloads · Research Library');
    const rows = page.locator('[data-testid="downloads-table"] tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
  });

  it('keeps the navbar or the menu: the last one cannot be hidden', async () => {
    await page.click('[data-testid="settings-button"]');
    await page.waitForSelector('[data-testid="settings-drawer"]');
    await page.click('[data-testid="setting-navbar"]');
    await page.locator('[data-testid="navbar-hidden-note"]').waitFor();
    expect(await page.locator('[data-testid="setting-menu"]').isDisabled()).toBe(true);
    await page.click('[data-testid="setting-navbar"]');
    await page.waitForSelector('[data-testid="navbar-hidden-note"]', { state: 'detached' });
  });
});
