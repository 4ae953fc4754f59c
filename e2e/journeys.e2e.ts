import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BrowserSession } from './helpers/browser';
import { keywordWithResults, reportWithPages, searchLibrary } from './helpers/library';
import { pageCanvasInk, waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import { useJourney } from './helpers/journey';
import type { RunningServer } from './helpers/server';
import { chooseOption, closeDialogWithEscape, RESULT, switchLanguage, waitForResults } from './helpers/ui';

const SEED_COUNT = 60;
const resultCount = (page: Page) => page.locator(RESULT).count();

/** The first Chinese term whose search also finds English reports through the glossary. */
async function crossLingualKeyword(baseUrl: string, candidates: string[]): Promise<string> {
  for (const keyword of candidates) {
    const result = await searchLibrary(baseUrl, { keyword, page_length: 100 });
    if (
      result.file_list.some((f) => f.language === 'en') &&
      result.file_list.some((f) => f.language === 'zh')
    )
      return keyword;
  }
  throw new Error(`none of ${candidates.join(', ')} finds reports in both languages`);
}

describe('a visitor searches and reads a report', () => {
  let server: RunningServer;
  let session: BrowserSession;
  let page: Page;
  const shot = screenshotter('visitor');
  const searchBodies: { keyword?: string; page_id?: number; one_language?: boolean }[] = [];

  useJourney({ seedCount: SEED_COUNT }, (journey) => {
    ({ server, session, page } = journey);
    page.on('request', (request) => {
      if (request.url().endsWith('/api/file/search'))
        searchBodies.push(JSON.parse(request.postData() ?? '{}'));
    });
  });

  it('opens / as a new visitor and lands on the search page with the newest reports', async () => {
    await page.goto(`${server.url}/`);
    await waitForResults(page);
    expect(new URL(page.url()).pathname).toBe('/home/file');
    expect(await resultCount(page)).toBe(20);
    await expect(page.locator('[data-testid="results-count"]').innerText()).resolves.toContain(
      `${SEED_COUNT} reports`,
    );
    await expect(page.locator('[data-testid="sort-select"]').innerText()).resolves.toContain('Newest first');
    await expect(page.locator('.rl-menu--inline').innerText()).resolves.toMatch(
      /File[\s\S]*My[\s\S]*Subscription/,
    );
    await shot(page, 'landing');
  });

  it('searches a keyword and highlights the matches', async () => {
    const keyword = await keywordWithResults(server.url, [
      'inflation',
      'volatility',
      'growth',
      'rates',
      'credit',
    ]);
    await page.fill('[data-testid="keyword-search"] input', keyword);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === keyword);
    await waitForResults(page);
    await expect(page.locator(`${RESULT} mark`).first().innerText()).resolves.toMatch(
      new RegExp(keyword, 'i'),
    );
    await expect(page.locator('[data-testid="sort-select"]').innerText()).resolves.toContain('Relevance');
    expect(searchBodies.at(-1)).toMatchObject({ keyword, page_id: 1, page_length: 20, sorting: 'relevance' });
    await shot(page, 'keyword-search');
  });

  it('finds the English reports of a Chinese finance term, says so, and searches it as typed only on a click', async () => {
    const keyword = await crossLingualKeyword(server.url, ['半导体', '通胀', '利率', '铜', '汇率']);
    const widened = await searchLibrary(server.url, { keyword, page_length: 100 });
    const asTyped = await searchLibrary(server.url, { keyword, page_length: 100, one_language: true });
    await page.fill('[data-testid="keyword-search"] input', keyword);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === keyword);
    await waitForResults(page);
    await expect(page.locator('[data-testid="also-searched"]').innerText()).resolves.toContain(
      'Also in English:',
    );
    await expect(page.locator('[data-testid="results-count"]').innerText()).resolves.toContain(
      `${widened.total_items} reports`,
    );
    await shot(page, 'cross-lingual');

    // The choice belongs to this search: kept in its URL, so a reload or a shared link keeps it.
    await page.click('[data-testid="also-searched-switch"]');
    await page.waitForSelector('[data-testid="also-searched"]:has-text("Searched as typed only")');
    await waitForResults(page);
    await page.waitForSelector(`[data-testid="results-count"]:has-text("${asTyped.total_items} report")`);
    expect(searchBodies.at(-1)).toMatchObject({ keyword, one_language: true });
    expect(new URL(page.url()).searchParams.get('one_lang')).toBe('1');
    // It does not stick: the next search is widened again.
    await page.fill('[data-testid="keyword-search"] input', 'inflation');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'inflation');
    await waitForResults(page);
    await page.waitForSelector('[data-testid="also-searched"]:has-text("Also in Chinese")');
    await expect.poll(() => searchBodies.at(-1)?.keyword, { timeout: 10_000 }).toBe('inflation');
    expect(searchBodies.at(-1)?.one_language).toBeUndefined();
    expect(new URL(page.url()).searchParams.get('one_lang')).toBeNull();
  });

  it('applies two filters, kept in the URL and honoured by every result', async () => {
    const keyword = new URL(page.url()).searchParams.get('q') ?? '';
    const found = await searchLibrary(server.url, { keyword, page_length: 50, filter: { language: ['en'] } });
    const assetClass = found.file_list.find((file) => file.asset_class)?.asset_class;
    expect(assetClass).toBeTruthy();

    await page.click('[data-testid="filter-language"] input[value="en"]');
    await page.waitForURL((url) => url.searchParams.get('lang') === 'en');
    await chooseOption(page, 'filter-asset-class', assetClass!);
    await page.waitForURL((url) => url.searchParams.get('asset_class') === assetClass);
    await waitForResults(page);

    const items = page.locator(RESULT);
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const text = await items.nth(i).innerText();
      expect(text).toContain(assetClass!);
      expect(text).toContain('English');
    }
    expect(searchBodies.at(-1)).toMatchObject({
      keyword,
      filter: { language: ['en'], asset_class: assetClass },
    });
    await shot(page, 'two-filters');

    // Back undoes the last filter, as the URL holds them.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('asset_class') === null);
    await waitForResults(page);
  });

  it('filters by issuer, tag, date range and page count, and resets', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    const sample = (await searchLibrary(server.url, { keyword: '', page_length: 100 })).file_list.find(
      (file) => file.publish_date && file.tags.length > 0,
    )!;

    await page.click('[data-testid="filter-issuer"]');
    // The issuers may still be on their way when the list opens: it fills in as they arrive.
    const groups = page.locator('.ant-select-dropdown:visible .ant-select-item-group');
    await expect.poll(() => groups.allInnerTexts(), { timeout: 10_000 }).toContain('Popular');
    await page.waitForTimeout(300); // the list's entry animation
    await shot(page, 'issuer-groups');
    await page.keyboard.type(sample.issuer.slice(0, 6));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: sample.issuer })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.getAll('issuer').includes(sample.issuer));

    await page.click('[data-testid="filter-tags"]');
    await page.keyboard.type(sample.tags[0]!.slice(0, 4));
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: sample.tags[0]! })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.searchParams.getAll('tag').includes(sample.tags[0]!));

    await page.fill('#filter-date-from', sample.publish_date!);
    await page.keyboard.press('Enter');
    // The picker accepts the start date by moving the focus to the end date.
    await page.waitForFunction(() => document.activeElement?.id === 'filter-date-to');
    await page.fill('#filter-date-to', sample.publish_date!);
    await page.keyboard.press('Enter');
    await page
      .waitForURL(
        (url) =>
          url.searchParams.get('from') === sample.publish_date &&
          url.searchParams.get('to') === sample.publish_date,
        { timeout: 10_000 },
      )
      .catch(async (error: Error) => {
        const inputs = [await page.inputValue('#filter-date-from'), await page.inputValue('#filter-date-to')];
        throw new Error(`${error.message}\nurl ${page.url()} inputs ${inputs.join(' / ')}`);
      });

    await page.fill('input[aria-label="Min"]', String(sample.page_count));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('min_page') === String(sample.page_count));
    await waitForResults(page);
    // The list may still be the one before this search for a moment, or be redrawn once more:
    // wait until it shows the report exactly once.
    await expect
      .poll(() => page.locator(`${RESULT}[data-file-id="${sample.id}"]`).count(), { timeout: 10_000 })
      .toBe(1);
    // The report may already show once under the issuer and tag alone: wait for the search that
    // carries all five filters rather than reading whichever was sent last.
    await expect
      .poll(() => searchBodies.at(-1), { timeout: 10_000 })
      .toMatchObject({
        filter: {
          issuer: sample.issuer,
          tags: [sample.tags[0]],
          from_date: sample.publish_date,
          to_date: sample.publish_date,
          min_page: sample.page_count,
        },
      });
    await shot(page, 'four-more-filters');

    await page.click('[data-testid="filters-reset"]');
    await page.waitForURL((url) => url.search === '');
    await waitForResults(page);
    expect(await resultCount(page)).toBe(20);
  });

  it('keeps a start date typed while results arrive', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The app may have cancelled the request meanwhile (a newer search supersedes it, or the next
      // test navigates away): then there is nothing left to continue.
      await route.continue().catch((error: Error) => {
        if (!/already handled/i.test(error.message)) throw error;
      });
    };
    await page.route('**/api/file/search', slow);
    await page.fill('[data-testid="keyword-search"] input', 'market');
    await page.keyboard.press('Enter');
    await page.fill('#filter-date-from', '2020-01-01');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(2500); // the slow answer re-renders the page meanwhile
    await page.fill('#filter-date-to', '2030-12-31');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.searchParams.get('from') === '2020-01-01' && url.searchParams.get('to') === '2030-12-31',
    );
    await page.unroute('**/api/file/search', slow);
    await page.click('[data-testid="filters-reset"]');
    await page.waitForURL((url) => !url.searchParams.has('from'));
  });

  it('loads page 2 when the list is scrolled to its end', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    expect(await resultCount(page)).toBe(20);
    await page.locator('[data-testid="result-list"]').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length > 20, RESULT);
    expect(searchBodies.some((body) => body.page_id === 2)).toBe(true);
    await shot(page, 'page-2');
    // Scrolling on reaches the last page and says so.
    for (let i = 0; i < 5; i++) {
      await page
        .locator('[data-testid="result-list"]')
        .evaluate((list) => list.scrollTo(0, list.scrollHeight));
      await page.waitForTimeout(300);
    }
    await page.waitForSelector('[data-testid="results-end"]');
    expect(await resultCount(page)).toBe(SEED_COUNT);
  });

  it('opens a report and renders page 1 of its PDF', async () => {
    const report = await reportWithPages(server.url, 30, 'en');
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    const link = page.locator(`${RESULT}[data-file-id="${report.id}"]`);
    if ((await link.count()) === 0) await page.goto(`${server.url}/home/file?file=${report.id}`);
    else await link.click();
    await page.waitForSelector('[data-testid="file-viewer"]');
    await waitForRenderedPage(page, 1);
    const ink = await pageCanvasInk(page, 1);
    expect(ink.width).toBeGreaterThan(300);
    expect(ink.inkRatio).toBeGreaterThan(0.01);
    await expect(page.locator('[data-testid="pdf-page-count"]').innerText()).resolves.toContain(
      String(report.page_count),
    );
    await expect(page.locator('[data-testid="viewer-title"]').innerText()).resolves.toBe(report.title);
    // The text layer makes the page's words selectable.
    await expect(page.locator('[data-page-number="1"] .textLayer span').count()).resolves.toBeGreaterThan(5);
    // The loading message clears one second after the report loads.
    await page.waitForSelector('[data-testid="file-loading-message"]', { state: 'detached', timeout: 5000 });
    await shot(page, 'report-open');
  });

  it('renders pages lazily, jumps to a page and zooms', async () => {
    const pageCount = Number(
      await page.locator('[data-testid="pdf-viewer"]').getAttribute('data-page-count'),
    );
    const rendered = () => page.locator('[data-testid="pdf-viewer"] [data-rendered="true"]').count();
    expect(await rendered()).toBeLessThan(pageCount);

    await page.fill('input[aria-label="Page"]', '5');
    await page.keyboard.press('Enter');
    await waitForRenderedPage(page, 5);
    await expect(page.locator('input[aria-label="Page"]').inputValue()).resolves.toBe('5');
    expect(await page.locator('[data-page-number="1"][data-rendered="true"]').count()).toBe(0);

    const widthBefore = await page
      .locator('[data-page-number="5"]')
      .evaluate((node) => node.getBoundingClientRect().width);
    await page.click('[aria-label="Zoom in"]');
    await page.waitForFunction(
      (before) =>
        (document.querySelector('[data-page-number="5"]')?.getBoundingClientRect().width ?? 0) > before,
      widthBefore,
    );
    await waitForRenderedPage(page, 5);
    await expect(page.locator('input[aria-label="Page"]').inputValue()).resolves.toBe('5');
    expect((await pageCanvasInk(page, 5)).inkRatio).toBeGreaterThan(0.005);
    await shot(page, 'report-page-5-zoomed');
  });

  it('preview modes: without a translation service the Chinese modes are closed; starring needs an account', async () => {
    // The journeys' server has no model provider: both Chinese modes are disabled and say why.
    const modes = page.locator('[data-testid="preview-mode"] input[type="radio"]');
    await expect
      .poll(() => modes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).disabled)))
      .toEqual([false, true, true]);
    await page
      .locator('[data-testid="preview-mode"]')
      .getByText('Chinese', { exact: true })
      .click({ force: true });
    expect(await page.locator('[data-testid="pdf-preview"]').getAttribute('data-mode')).toBe('en');
    await expect(
      page.locator('[data-testid="preview-mode"] .ant-segmented-item-selected').innerText(),
    ).resolves.toBe('English');
    expect(await page.locator('[data-testid="translation-notice"]').count()).toBe(0);
    await shot(page, 'preview-chinese-unavailable');

    await page.click('[data-testid="star-toggle"]');
    await page.waitForSelector('.rl-auth-modal');
    await expect(page.locator('.rl-auth-modal').innerText()).resolves.toContain('Log in to star reports.');
    await closeDialogWithEscape(page);
    await page.waitForSelector('.rl-auth-modal', { state: 'hidden' });
  });

  it('switches the interface to Chinese', async () => {
    // Toasts of the previous step (in English) go first, so the screenshots show one language.
    await page.waitForSelector('.ant-message-notice', { state: 'detached', timeout: 10_000 });
    await switchLanguage(page, '中文', 'zh-CN');
    await expect(page.locator('.rl-menu--inline').innerText()).resolves.toMatch(/研报[\s\S]*我的[\s\S]*订阅/);
    await expect(page.locator('[data-testid="viewer-close"]').getAttribute('aria-label')).resolves.toBe(
      '关闭报告',
    );
    await expect(page.locator('[data-testid="preview-mode"]').innerText()).resolves.toContain('中英对照');
    await shot(page, 'chinese-report');

    await page.click('[data-testid="viewer-close"]');
    await waitForResults(page);
    await expect(page.locator('[data-testid="results-count"]').innerText()).resolves.toContain(
      `共 ${SEED_COUNT} 篇研报`,
    );
    await expect(page.locator('[data-testid="filter-panel"]').innerText()).resolves.toContain('发布日期');
    await expect(page.locator('#filter-date-from').getAttribute('placeholder')).resolves.toBe('开始日期');
    await shot(page, 'chinese-search');
  });

  it('renders a Chinese report with its CJK text', async () => {
    const report = await reportWithPages(server.url, 10, 'zh');
    await page.goto(`${server.url}/home/file?file=${report.id}`);
    await waitForRenderedPage(page, 1);
    const ink = await pageCanvasInk(page, 1);
    expect(ink.inkRatio).toBeGreaterThan(0.01);
    const text = await page.locator('[data-page-number="1"] .textLayer').innerText();
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    await shot(page, 'chinese-pdf');
  });

  it('shows Page not found for an unknown path, in both languages', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForSelector('[data-testid="not-found-page"]');
    await expect(page.locator('[data-testid="not-found-page"]').innerText()).resolves.toContain('页面不存在');
    await shot(page, 'not-found-zh');

    await switchLanguage(page, 'English', 'en-US');
    await expect(page.locator('[data-testid="not-found-page"]').innerText()).resolves.toContain(
      'Page not found',
    );
    await shot(page, 'not-found-en');
  });

  it('saw no script errors or failed requests', () => {
    expect(session.problems.filter((problem) => !problem.includes('favicon'))).toEqual([]);
  });
});
