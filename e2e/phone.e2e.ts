import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, submitLoginForm, type DemoAccount } from './helpers/accounts';
import type { BrowserSession } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { keywordWithResults, reportWithPages } from './helpers/library';
import { chooseUpload, CORPUS_REPORTS, myFileRow } from './helpers/my-library';
import { pageCanvasInk, waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 12;
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1440, height: 900 };
/** A 134 KB earnings release with a text layer: a quick upload. */
const UPLOAD_PDF = path.join(CORPUS_REPORTS, 'fb_COSTCO_2023Q3_EARNINGS.pdf');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element's box on screen (it must be there). */
async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

/** Whether the box lies inside the window, so it can be seen and tapped without scrolling sideways. */
function insideWindow(box: Box, size: { width: number; height: number }): boolean {
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width + 0.5 &&
    box.y + box.height <= size.height + 0.5
  );
}

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a phone (390×844): search, read, star, log in, upload', () => {
  let server: RunningServer;
  let session: BrowserSession;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  const screenshot = screenshotter('phone');
  const shot = async (name: string) => {
    await waitForAnimations(page);
    await screenshot(page, name);
  };
  let reportId = '';

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, session, page } = journey));
  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
    await page.setViewportSize(PHONE);
  });

  it('opens the search page with the results across the width and the menu in a drawer', async () => {
    await page.goto(`${server.url}/`);
    await waitForResults(page);
    expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
    expect(await page.locator('[data-testid="filter-panel"]').count()).toBe(0);
    expect((await boxOf(page, '[data-testid="result-list"]')).width).toBe(PHONE.width);
    expect(insideWindow(await boxOf(page, '[data-testid="login-button"]'), PHONE)).toBe(true);
    expect(insideWindow(await boxOf(page, '[data-testid="filters-button"]'), PHONE)).toBe(true);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('search');

    await page.click('[data-testid="menu-button"]');
    const drawer = page.locator('[data-testid="menu-drawer"]');
    await drawer.waitFor();
    await waitForAnimations(page);
    await expect(drawer.innerText()).resolves.toMatch(/File[\s\S]*My[\s\S]*Subscription/);
    expect(insideWindow(await boxOf(page, '[data-testid="menu-drawer"]'), PHONE)).toBe(true);
    await shot('menu-drawer');
    await page.locator('[data-testid="menu-drawer"] .ant-menu-item', { hasText: 'File' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('filters in a drawer: a language, counted on the filter button, then reset', async () => {
    await page.click('[data-testid="filters-button"]');
    await page.waitForSelector('[data-testid="filter-drawer"] [data-testid="filter-panel"]');
    await waitForAnimations(page);
    expect(insideWindow(await boxOf(page, '[data-testid="filter-drawer"]'), PHONE)).toBe(true);
    await shot('filter-drawer');
    await page.click('[data-testid="filter-drawer"] [data-testid="filter-language"] input[value="en"]');
    await page.waitForURL((url) => url.searchParams.get('lang') === 'en');
    await page.click('[data-testid="filter-drawer"] .ant-drawer-close');
    await page.waitForSelector('[data-testid="filter-drawer"]', { state: 'hidden' });
    await waitForResults(page);
    await expect(page.locator('[data-testid="filters-button"]').innerText()).resolves.toContain('1');
    const languages = await page.locator(RESULT).allInnerTexts();
    expect(languages.length).toBeGreaterThan(0);
    for (const text of languages) expect(text).toContain('English');

    await page.click('[data-testid="filters-button"]');
    await page.waitForSelector('[data-testid="filter-drawer"] [data-testid="filters-reset"]');
    await waitForAnimations(page);
    await page.click('[data-testid="filter-drawer"] [data-testid="filters-reset"]');
    await page.waitForURL((url) => !url.searchParams.has('lang'));
    await page.click('[data-testid="filter-drawer"] .ant-drawer-close');
    await page.waitForSelector('[data-testid="filter-drawer"]', { state: 'hidden' });
  });

  it('searches, opens a report and draws its PDF across the width', async () => {
    const report = await reportWithPages(server.url, 10, 'en');
    reportId = report.id;
    const keyword = await keywordWithResults(server.url, ['market', 'growth', 'rates', 'inflation'], 1);
    await page.fill('[data-testid="keyword-search"] input', keyword);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === keyword);
    await waitForResults(page);
    const link = page.locator(`${RESULT}[data-file-id="${report.id}"]`);
    if ((await link.count()) > 0) await link.click();
    else await page.goto(`${server.url}/home/file?q=${encodeURIComponent(keyword)}&file=${report.id}`);
    await page.waitForSelector('[data-testid="file-viewer"]');
    await waitForRenderedPage(page, 1);

    // The report takes the page: no result list beside it, the PDF as wide as the window.
    expect(await page.locator('[data-testid="result-list"]').count()).toBe(0);
    expect((await boxOf(page, '[data-testid="file-viewer"]')).width).toBe(PHONE.width);
    expect((await boxOf(page, '[data-testid="pdf-viewer"]')).width).toBe(PHONE.width);
    const ink = await pageCanvasInk(page, 1);
    expect(ink.width).toBeGreaterThan(300);
    expect(ink.inkRatio).toBeGreaterThan(0.01);
    await expect(page.locator('[data-testid="viewer-title"]').innerText()).resolves.toBe(report.title);
    for (const control of ['star-toggle', 'viewer-close', 'pdf-page-input']) {
      expect(insideWindow(await boxOf(page, `[data-testid="${control}"]`), PHONE)).toBe(true);
    }
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('report');
  });

  it('shows the summary, the chat and the details as tabs over the PDF, which keeps its place', async () => {
    await page.fill('input[aria-label="Page"]', '3');
    await page.keyboard.press('Enter');
    await waitForRenderedPage(page, 3);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    const sheet = page.locator('[data-testid="viewer-sheet"]');

    await tab('Summary').click();
    await page.locator('[data-testid="viewer-sheet"] [data-testid="summary-panel"]').waitFor();
    expect((await boxOf(page, '[data-testid="viewer-sheet"]')).width).toBe(PHONE.width);
    await shot('summary-tab');

    await tab('Chat').click();
    await page.locator('[data-testid="viewer-sheet"] [data-testid="chat-login-prompt"]').waitFor();
    expect(await page.locator('[data-testid="summary-panel"]').isVisible()).toBe(false);
    await shot('chat-tab');

    await tab('Details').click();
    await page.locator('[data-testid="viewer-sheet"] [data-testid="file-details"]').waitFor();
    await shot('details-tab');

    await tab('Report').click();
    await sheet.waitFor({ state: 'hidden' });
    await expect(page.locator('input[aria-label="Page"]').inputValue()).resolves.toBe('3');
    expect((await pageCanvasInk(page, 3)).inkRatio).toBeGreaterThan(0.005);
  });

  it('asks a visitor to log in to star; the login modal fits and logs in', async () => {
    await page.click('[data-testid="star-toggle"]');
    await page.waitForSelector('[data-testid="login-form"]');
    await waitForAnimations(page);
    await expect(page.locator('.rl-auth-modal').innerText()).resolves.toContain('Log in to star reports.');
    expect(insideWindow(await boxOf(page, '.rl-auth-modal'), PHONE)).toBe(true);
    expect(insideWindow(await boxOf(page, '[data-testid="login-submit"]'), PHONE)).toBe(true);
    await shot('login-modal');

    await page.fill('#login_identifier', accounts.paid.username);
    await page.fill('#login_passwd', accounts.paid.password);
    // The page reloads logged in, with the report still open.
    expect(await submitLoginForm(page)).toBe(accounts.paid.username);
    expect(insideWindow(await boxOf(page, '[data-testid="user-menu"]'), PHONE)).toBe(true);
    await waitForRenderedPage(page, 1);
    expect(new URL(page.url()).searchParams.get('file')).toBe(reportId);
  });

  it('stars the report, and the star is kept by the server', async () => {
    const star = page.locator('[data-testid="star-toggle"]');
    await page.waitForSelector('[data-testid="star-toggle"][aria-pressed="false"]:not([disabled])');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/file/star'));
    await star.click();
    expect((await saved).status()).toBe(200);
    await page.waitForSelector('[data-testid="star-toggle"][aria-pressed="true"]:not([disabled])');
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('starred');

    await page.reload();
    await waitForRenderedPage(page, 1);
    await page.waitForSelector('[data-testid="star-toggle"][aria-pressed="true"]');
  });

  it('uploads a PDF from the corpus on My upload, reached through the menu drawer', async () => {
    await page.click('[data-testid="menu-button"]');
    await page.waitForSelector('[data-testid="menu-drawer"]');
    await waitForAnimations(page);
    await page.locator('[data-testid="menu-drawer"] .ant-menu-item', { hasText: 'Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/my/upload');
    await page.waitForSelector('[data-testid="upload-usage"]');
    await page.waitForSelector('[data-testid="myfiles-empty"], [data-testid="myfile-row"]');
    await chooseUpload(page, UPLOAD_PDF);
    expect(insideWindow(await boxOf(page, '[data-testid="upload-submit"]'), PHONE)).toBe(true);

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/file/user_upload'));
    await page.click('[data-testid="upload-submit"]');
    const response = await answer;
    expect(response.status()).toBe(200);
    const uploaded = (await response.json()) as { file: { id: string } };
    await waitForToast(page, 'was uploaded and is being processed');
    const row = page.locator(myFileRow(uploaded.file.id));
    await row.waitFor();
    await page.waitForSelector(`${myFileRow(uploaded.file.id)}[data-status="ready"]`, { timeout: 60_000 });

    // The table fits the phone (its actions in reach, no sideways scroll), and so does the page.
    const table = page.locator('[data-testid="myfiles"] .ant-table-content').first();
    const widths = await table.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('upload-ready');
  });

  it('keeps every control of a logged-in reader in the window, in English and in Chinese', async () => {
    await page.goto(`${server.url}/home/file?file=${reportId}`);
    await waitForRenderedPage(page, 1);
    // Logged in, the header holds the most: the preview languages, star, collection, download, close.
    await page.waitForSelector('[data-testid="download-button"]');
    for (const control of ['preview-mode', 'star-toggle', 'download-button', 'viewer-close']) {
      if ((await page.locator(`[data-testid="${control}"]`).count()) === 0) continue;
      expect(insideWindow(await boxOf(page, `[data-testid="${control}"]`), PHONE), control).toBe(true);
    }
    await shot('report-logged-in');
    await switchLanguage(page, '中文', 'zh-CN');
    await expect(page.locator('[data-testid="viewer-pane-tabs"]').innerText()).resolves.toMatch(
      /原文[\s\S]*摘要[\s\S]*问答[\s\S]*详情/,
    );
    for (const control of ['star-toggle', 'viewer-close', 'user-menu', 'menu-button']) {
      expect(insideWindow(await boxOf(page, `[data-testid="${control}"]`), PHONE)).toBe(true);
    }
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('report-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('on a tablet (768×1024): the report takes the width too, with the tab bar back', async () => {
    await page.setViewportSize(TABLET);
    await page.goto(`${server.url}/home/file?file=${reportId}`);
    await waitForRenderedPage(page, 1);
    expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
    expect(await page.locator('[data-testid="tab-bar"]').count()).toBe(1);
    expect((await boxOf(page, '[data-testid="pdf-viewer"]')).width).toBe(TABLET.width);
    expect((await pageCanvasInk(page, 1)).width).toBeGreaterThan(600);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot('tablet-report');

    await page.click('[data-testid="viewer-close"]');
    await waitForResults(page);
    expect((await boxOf(page, '[data-testid="result-list"]')).width).toBe(TABLET.width);
    await shot('tablet-search');
  });

  it('on a desktop (1440×900): the side menu, the filter column and the side panel are back', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.waitForSelector('[data-testid="side-menu"]');
    await page.waitForSelector('[data-testid="filter-panel"]');
    expect(await page.locator('[data-testid="menu-button"]').count()).toBe(0);
    expect(await page.locator('[data-testid="filters-button"]').count()).toBe(0);
    await page.goto(`${server.url}/home/file?file=${reportId}`);
    await waitForRenderedPage(page, 1);
    // The side opens on the summary; the details are the third tab.
    await page.waitForSelector('[data-testid="summary-panel"], [data-testid="summary-empty"]');
    await page.getByRole('tab', { name: 'Details', exact: true }).click();
    await page.waitForSelector('[data-testid="file-details"]');
    expect(await page.locator('[data-testid="viewer-pane-tabs"]').count()).toBe(0);
    expect(await page.locator('[data-testid="toggle-details"]').count()).toBe(1);
  });

  it('saw no script errors or failed requests', () => {
    expect(session.problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
  });
});
