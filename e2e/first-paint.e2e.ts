import type { Page, Route } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserSession } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { searchLibrary } from './helpers/library';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForApp, waitForResults } from './helpers/ui';

/**
 * The search page's first screen, rendered by the server: a phone shows the reports before the
 * app's code has arrived, the app then takes the same page over without a flash and without
 * asking for the results again, in English or in Chinese; a browser in another state (language,
 * width) never sees it.
 */
const PHONE = { width: 412, height: 823 };
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;
const shot = screenshotter('first-paint');

interface ShownItem {
  id: string | null;
  title: string;
  box: { x: number; y: number; width: number; height: number } | null;
}

/** The result items on screen: their report, title and place. */
async function shownItems(page: Page): Promise<ShownItem[]> {
  const items = page.locator(RESULT);
  const shown: ShownItem[] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    shown.push({
      id: await item.getAttribute('data-file-id'),
      title: (await item.locator('h2').innerText()).trim(),
      box: await item.boundingBox(),
    });
  }
  return shown;
}

describe('first paint: the search page before the app has arrived', () => {
  let server: RunningServer;
  let session: BrowserSession;
  let page: Page;
  /** Holds the app's entry script until released: the page shows what the server sent. */
  let release: () => void = () => undefined;
  const searches: string[] = [];

  useJourney({ seedCount: 12 }, (journey) => ({ server, session, page } = journey));

  beforeAll(async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent: PHONE_AGENT,
      userAgentMetadata: {
        mobile: true,
        platform: 'Android',
        platformVersion: '14',
        architecture: '',
        model: 'Pixel 8',
      },
    });
    await page.setViewportSize(PHONE);
    page.on('request', (request) => {
      if (request.url().endsWith('/api/file/search')) searches.push(request.postData() ?? '');
    });
  });

  /** From now on the app's entry script waits for `release()`. */
  async function holdTheApp(): Promise<void> {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.unroute(APP_ENTRY);
    await page.route(APP_ENTRY, async (route: Route) => {
      await held;
      await route.continue();
    });
  }

  beforeEach(async () => {
    searches.length = 0;
    await holdTheApp();
  });

  it("shows a fresh visitor's phone the reports before the app's code runs, inert", async () => {
    const visitor = await searchLibrary(server.url, { keyword: '' });
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    const paint = page.locator('.rl-first-paint');
    await paint.locator(RESULT).first().waitFor();
    expect(await page.locator('html').getAttribute('data-first-paint')).toBe('default');
    expect(await paint.getAttribute('inert')).toBe('');
    const items = await shownItems(page);
    expect(items.map((item) => item.id)).toEqual(visitor.file_list.map((file) => file.id));
    // The phone's layout: the list across the width, no side menu.
    expect(items[0]!.box!.width).toBeGreaterThan(PHONE.width - 20);
    expect(await page.locator('[data-testid="side-menu"]').count()).toBe(0);
    // Nothing in it can be used before the app arrives.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await shot(page, 'before-the-app');
    expect(searches).toEqual([]);
  });

  it('is taken over by the app without a change on screen and without asking for the results again', async () => {
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    await page.locator(`.rl-first-paint ${RESULT}`).first().waitFor();
    const before = await shownItems(page);
    release();
    await waitForResults(page);
    expect(await page.locator('.rl-first-paint').count()).toBe(0);
    expect(await shownItems(page)).toEqual(before);
    expect(searches).toEqual([]);
    expect(session.problems).toEqual([]);
    await shot(page, 'the-app');
    // The app's own list: a report opens.
    await page.locator(RESULT).first().click();
    await page.waitForSelector('[data-testid="file-viewer"]');
  });

  it("answers the app's first search from the page on every load", async () => {
    // Not until "load": the app's script, held here, may be part of it.
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    release();
    await waitForResults(page);
    await page.reload();
    await waitForApp(page);
    expect(searches).toEqual([]);
  });

  it("comes in a Chinese reader's language, and the app takes it over the same way", async () => {
    release();
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    await waitForResults(page);
    await switchLanguage(page, '中文', 'zh-CN');
    await holdTheApp();
    searches.length = 0;
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    await page.locator(`.rl-first-paint ${RESULT}`).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.locator('.rl-first-paint [data-testid="results-count"]').innerText()).toMatch(/篇研报/);
    const before = await shownItems(page);
    await shot(page, 'chinese-before-the-app');
    release();
    await waitForResults(page);
    expect(await shownItems(page)).toEqual(before);
    expect(await page.locator('[data-testid="results-count"]').innerText()).toMatch(/篇研报/);
    expect(searches).toEqual([]);
    await switchLanguage(page, 'English', 'en-US');
  });

  it('is never shown in another language than the app would use', async () => {
    // The cookie says Chinese, the app's own storage English (a cookie from another time).
    await page.context().addCookies([{ name: 'locale', value: 'zh-CN', url: server.url }]);
    await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html').getAttribute('data-first-paint')).toBe('off');
    expect(await page.locator('.rl-first-paint').isVisible()).toBe(false);
    expect(await page.locator(`${RESULT}:visible`).count()).toBe(0);
    release();
    await waitForResults(page);
    expect(await page.locator('[data-testid="results-count"]').innerText()).toMatch(/reports/);
    expect(searches).toHaveLength(1);
  });

  it('is never shown at another width than it was laid out for', async () => {
    release();
    await page.setViewportSize({ width: 1200, height: 800 });
    try {
      await page.goto(`${server.url}/home/file`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('html').getAttribute('data-first-paint')).toBe('off');
      await waitForResults(page);
      expect(searches).toHaveLength(1);
    } finally {
      await page.setViewportSize(PHONE);
    }
  });
});
