import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts } from './helpers/accounts';
import type { BrowserSession } from './helpers/browser';
import { reportWithPages } from './helpers/library';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import { useJourney } from './helpers/journey';
import type { RunningServer } from './helpers/server';
import { closeDialogWithEscape, RESULT, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 20;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Answers the next search calls with an error status, for the error catalogue. */
async function failSearches(page: Page, status: number, body: object | null): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    body === null
      ? route.abort('failed')
      : route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/file/search', handler);
  return () => page.unroute('**/api/file/search', handler);
}

async function closeDrawer(page: Page): Promise<void> {
  await page.click('[data-testid="settings-drawer"] .ant-drawer-close');
  await page.waitForSelector('[data-testid="settings-drawer"]', { state: 'hidden' });
}

async function searchFor(page: Page, keyword: string): Promise<void> {
  await page.fill('[data-testid="keyword-search"] input', keyword);
  await page.keyboard.press('Enter');
}

describe('the shell: routes, guards, tabs, settings and the error catalogue', () => {
  let server: RunningServer;
  let session: BrowserSession;
  let page: Page;
  const shot = screenshotter('shell');

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, session, page } = journey));

  it('redirects / and /home to the File route, /my to Upload', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL('**/home/file');
    await page.goto(`${server.url}/home`);
    await page.waitForURL('**/home/file');
    await page.goto(`${server.url}/my`);
    await page.waitForURL('**/my/upload');
    // A visitor is asked to log in to upload.
    await page.waitForSelector('[data-testid="upload-anonymous"]');
    await shot(page, 'upload-visitor');
  });

  it('sends a visitor away from login-only routes and asks to log in', async () => {
    await page.goto(`${server.url}/subscription`);
    await page.waitForSelector('.rl-auth-modal');
    expect(pathOf(page)).toBe('/home/file');
    await expect(page.locator('.rl-auth-modal').innerText()).resolves.toContain(
      'Please log in to open this page.',
    );
    await shot(page, 'login-required');
    await closeDialogWithEscape(page);
    await page.goto(`${server.url}/redirect/my/bookmarks`);
    await page.waitForURL('**/home/file');
  });

  it('lets a logged-in user through, and /redirect/{path} leads to the path without a tab', async () => {
    const token = await apiLogin(server.url, (await demoAccounts(server.dataDir)).paid);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(`${server.url}/subscription`);
    await page.waitForSelector('[data-testid="subscription-page"]');
    expect(pathOf(page)).toBe('/subscription');
    await page.goto(`${server.url}/redirect/my/bookmarks?from=e2e`);
    await page.waitForURL('**/my/bookmarks?from=e2e');
    await page.waitForSelector('[data-testid="bookmarks-page"]');
    const tabs = await page.locator('[data-testid="tab-bar"] [data-testid="tab"]').allInnerTexts();
    expect(tabs).toEqual(['File', 'Stars']);
    await page.evaluate(() => localStorage.removeItem('token'));
  });

  it('shows the public pages: not authorized and DMCA', async () => {
    await page.goto(`${server.url}/403/not-authorized`);
    await page.waitForSelector('[data-testid="not-authorized-page"]');
    await page.goto(`${server.url}/dmca`);
    await page.waitForSelector('[data-testid="dmca-page"]');
  });

  it('keeps a tab per visited page; the File tab returns to the last search', async () => {
    await page.goto(`${server.url}/home/file?q=outlook`);
    await waitForResults(page);
    await page.click('[data-testid="app-menu-inline"] >> text=Upload');
    await page.waitForURL('**/my/upload');
    await page.waitForSelector(
      '[data-testid="tab-bar"] [data-testid="tab"][data-active="true"] >> text=Upload',
    );
    await page.locator('[data-testid="tab-bar"] .rl-tab__label', { hasText: 'File' }).click();
    await page.waitForURL((url) => url.pathname === '/home/file' && url.searchParams.get('q') === 'outlook');
    await waitForResults(page);
    await shot(page, 'tabs');
    await page
      .locator('[data-testid="tab-bar"] [data-testid="tab"]', { hasText: 'Upload' })
      .locator('[data-testid="tab-close"]')
      .click();
    await expect(
      page.locator('[data-testid="tab-bar"] [data-testid="tab"]').allInnerTexts(),
    ).resolves.not.toContain('Upload');
  });

  it('applies page settings live and keeps them across a reload', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.click('[data-testid="settings-button"]');
    await page.waitForSelector('[data-testid="settings-drawer"]');
    await page.click('[data-testid="settings-drawer"] .ant-switch >> nth=0');
    await page.click('[data-testid="setting-footer"]');
    await page.click('[data-testid="setting-colorWeak"]');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('rl-color-weak'))).toBe(
      true,
    );
    await page.click('[data-testid="setting-colorWeak"]');
    await shot(page, 'settings-drawer-dark');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page
      .locator('[data-testid="settings-drawer"] button', { hasText: 'Copy settings as JSON' })
      .click();
    await waitForToast(page, 'Settings copied');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<
      string,
      unknown
    >;
    expect(copied).toMatchObject({ theme: 'dark', footer: false, themeColor: '#165DFF', menuWidth: 269 });

    await page.reload();
    await waitForResults(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('[data-testid="footer"]').count()).toBe(0);
    await shot(page, 'dark-after-reload');

    await page.click('[data-testid="settings-button"]');
    await page.locator('[data-testid="settings-drawer"] button', { hasText: 'Restore defaults' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await closeDrawer(page);
  });

  it('changes the theme colour and moves the menu to the top, live', async () => {
    const searchButton = page.locator('[data-testid="keyword-search"] .ant-btn');
    const colour = () => searchButton.evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(await colour()).toBe('rgb(22, 93, 255)');
    await page.click('[data-testid="settings-button"]');
    await page.click('[data-testid="settings-drawer"] .ant-color-picker-trigger');
    // A click on a preset while the picker still zooms in is lost on a busy machine.
    await page.locator('.ant-color-picker-presets-color').nth(2).waitFor();
    await waitForAnimations(page);
    await page.locator('.ant-color-picker-presets-color').nth(2).click();
    await page.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="keyword-search"] .ant-btn')!)
          .backgroundColor === 'rgb(0, 180, 42)',
    );
    await page.keyboard.press('Escape'); // closes the colour picker
    await page.waitForSelector('.ant-color-picker-presets-color', { state: 'hidden' });
    await page.click('[data-testid="setting-topMenu"]');
    await page.waitForSelector('[data-testid="app-menu-horizontal"]');
    expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
    await closeDrawer(page);
    await shot(page, 'green-top-menu');

    await page.click('[data-testid="settings-button"]');
    await page.locator('[data-testid="settings-drawer"] button', { hasText: 'Restore defaults' }).click();
    await page.waitForSelector('[data-testid="side-menu"]');
    expect(await colour()).toBe('rgb(22, 93, 255)');
    await closeDrawer(page);
  });

  it("menu from server: the visitor's menu loads; a failed fetch says so and leaves the setting off", async () => {
    const toggle = '[data-testid="setting-menuFromServer"]';
    await page.click('[data-testid="settings-button"]');
    await page.click(toggle);
    await waitForToast(page, 'Menu loaded from the server');
    expect(await page.locator(toggle).getAttribute('aria-checked')).toBe('true');
    // A visitor's server menu is the File page only.
    await page.waitForFunction(
      () => !document.querySelector('.rl-menu--inline')?.textContent?.includes('Subscription'),
    );
    await page.click(toggle);
    await page.waitForFunction(() =>
      document.querySelector('.rl-menu--inline')?.textContent?.includes('Subscription'),
    );

    const fail = (route: Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    await page.route('**/api/user/menu', fail);
    await page.click(toggle);
    await waitForToast(page, 'Could not load the menu from the server');
    await page.unroute('**/api/user/menu', fail);
    expect(await page.locator('[data-testid="setting-menuFromServer"]').getAttribute('aria-checked')).toBe(
      'false',
    );
    await closeDrawer(page);
  });

  it('error catalogue: 400, 429 and other statuses toast; 403 opens the plans; network errors say so', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);

    let restore = await failSearches(page, 400, { error_msg: 'keyword is not acceptable' });
    await searchFor(page, 'first');
    await waitForToast(page, 'keyword is not acceptable');
    await page.waitForSelector('[data-testid="search-error"]');
    await page.waitForTimeout(400); // the toast's entry animation
    await shot(page, 'toast-400');
    await restore();

    restore = await failSearches(page, 429, { error_msg: 'slow down' });
    await searchFor(page, 'second');
    await waitForToast(page, 'Request too frequent, please try again later');
    await restore();

    restore = await failSearches(page, 503, { error_msg: 'Maintenance in progress' });
    await searchFor(page, 'third');
    await waitForToast(page, 'Maintenance in progress');
    await restore();

    restore = await failSearches(page, 0, null);
    await searchFor(page, 'fourth');
    await waitForToast(page, 'Cannot reach the server');
    await restore();

    restore = await failSearches(page, 403, { error_msg: 'Monthly search quota used up' });
    await searchFor(page, 'fifth');
    await page.waitForSelector('.rl-subscription-modal');
    await shot(page, 'subscription-403');
    await closeDialogWithEscape(page);
    await restore();
  });

  it('error catalogue: 401 opens login for a visitor, the Not Authorized dialog for a user', async () => {
    const restore = await failSearches(page, 401, { error_msg: 'Login required' });
    await searchFor(page, 'sixth');
    await page.waitForSelector('.rl-auth-modal');
    await closeDialogWithEscape(page);
    await restore();

    // A token the server does not know: the app's first user-info call answers 401.
    await page.evaluate(() => localStorage.setItem('token', 'expired-token'));
    await page.reload();
    await page.waitForSelector('.rl-not-authorized-dialog');
    await expect(page.locator('.rl-not-authorized-dialog').innerText()).resolves.toContain(
      'Login expired, please login again',
    );
    await shot(page, 'not-authorized-401');
    await page.click('[data-testid="back-to-login"]');
    await page.waitForSelector('.rl-auth-modal');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await closeDialogWithEscape(page);
  });

  it('error catalogue: a report that does not exist (404) leads to the not-found page', async () => {
    await page.goto(`${server.url}/home/file?file=AAAAAAAAAAAAAAAA`);
    await page.waitForSelector('[data-testid="not-found-page"]');
    expect(pathOf(page)).toBe('/not-found');
  });

  it('on a narrower screen, an open report takes the room and the results can be shown beside it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const report = await reportWithPages(server.url, 12);
    await page.goto(`${server.url}/home/file?file=${report.id}`);
    await waitForRenderedPage(page, 1);
    expect(await page.locator('[data-testid="result-list"]').count()).toBe(0);
    await page.click('[data-testid="toggle-file-list"]');
    await page.waitForSelector(RESULT);
    await page.locator(`${RESULT}[data-file-id="${report.id}"][aria-current="page"]`).waitFor();
    // The details give way to the list, so the PDF keeps its room.
    expect(await page.locator('.rl-viewer__side').isHidden()).toBe(true);
    await shot(page, 'viewer-with-list');
    await page.click('[data-testid="toggle-details"]');
    await page.waitForSelector('.rl-viewer__side', { state: 'visible' });
    expect(await page.locator('[data-testid="result-list"]').count()).toBe(0);
    await page.click('[data-testid="viewer-close"]');
    await waitForResults(page);
    expect(new URL(page.url()).searchParams.get('file')).toBeNull();
  });

  it('saw no script errors', () => {
    const unexpected = session.problems.filter(
      (problem) => !/status of (400|401|403|404|429|503)|ERR_FAILED|net::ERR/.test(problem),
    );
    expect(unexpected).toEqual([]);
  });
});
