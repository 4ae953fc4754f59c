import path from 'node:path';
import type { HealthDetails, UploadResponse } from '@rl/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, type TestDatabase } from '../packages/server/test/test-database';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { keywordWithResults, reportWithPages, searchLibrary } from './helpers/library';
import { chooseUpload, CORPUS_REPORTS, myFileRow, openUploadPage } from './helpers/my-library';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 24;
/** A 22-page English earnings release of the corpus, 0.9 MB: within the free plan's upload size. */
const REPORT_PDF = path.join(CORPUS_REPORTS, 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf');
/** A word of that report that the generated demo reports never use. */
const REPORT_WORD = 'Carvykti';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log('PostgreSQL journey skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run it');
}

/** Two-character (or longer) Chinese words of the titles of the library's Chinese reports. */
async function chineseWords(baseUrl: string): Promise<string[]> {
  const zh = await searchLibrary(baseUrl, { keyword: '', page_length: 20, filter: { language: ['zh'] } });
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  const words = zh.file_list.flatMap((file) =>
    [...segmenter.segment(file.title)].map((s) => s.segment).filter((w) => /^\p{Script=Han}{2,}$/u.test(w)),
  );
  return [...new Set(words)];
}

/**
 * Types a query into the search box, as a user does, and waits for the results of it (not the
 * list shown before, which stays settled until the new search starts).
 */
async function searchInBox(page: Page, keyword: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/file/search') &&
      (JSON.parse(response.request().postData() ?? '{}') as { keyword?: string }).keyword === keyword,
  );
  await page.fill('[data-testid="keyword-search"] input', keyword);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === keyword);
  expect((await answered).status()).toBe(200);
  await waitForResults(page);
}

describe.skipIf(!postgres)('the library on PostgreSQL: search, read, upload, star', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let page: Page;
  const screenshot = screenshotter('postgres');
  const shot = async (name: string) => {
    await waitForAnimations(page);
    await screenshot(page, name);
  };
  let uploadedId = '';

  // A schema of its own on the PostgreSQL server, created before the server starts and dropped
  // after it stopped (hooks after the journey's run in reverse order).
  beforeAll(async () => {
    database = await createTestSchema(postgres!);
  });
  afterAll(async () => {
    await database?.drop();
  });
  useJourney(
    () => ({ seedCount: SEED_COUNT, env: { DATABASE_URL: database.url } }),
    (journey) => ({ server, page } = journey),
  );

  it('runs on PostgreSQL and lists the seeded library', async () => {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as HealthDetails;
    expect(health).toMatchObject({ database: 'ok', database_dialect: 'postgres' });
    expect(health.files.ready).toBe(SEED_COUNT);

    await page.goto(`${server.url}/`);
    await waitForResults(page);
    await expect(page.locator('[data-testid="results-count"]').innerText()).resolves.toContain(
      `${SEED_COUNT} reports`,
    );
    await shot('landing');
  });

  it('searches in English, with highlighted matches', async () => {
    const keyword = await keywordWithResults(server.url, [
      'inflation',
      'growth',
      'rates',
      'credit',
      'earnings',
    ]);
    await searchInBox(page, keyword);
    expect(await page.locator(RESULT).count()).toBeGreaterThan(1);
    await expect(page.locator(`${RESULT} mark`).first().innerText()).resolves.toMatch(
      new RegExp(keyword, 'i'),
    );
    await shot('search-english');
  });

  it('searches in Chinese, with highlighted matches', async () => {
    const keyword = await keywordWithResults(server.url, await chineseWords(server.url), 1);
    await searchInBox(page, keyword);
    const first = page.locator(RESULT).first();
    await first.waitFor();
    await expect(first.locator('mark').first().innerText()).resolves.toMatch(/\p{Script=Han}/u);
    await shot('search-chinese');
  });

  it('opens a report in the viewer', async () => {
    const report = await reportWithPages(server.url, 3, 'zh');
    await page.goto(`${server.url}/home/file?file=${report.id}`);
    await page.waitForSelector('[data-testid="file-viewer"]');
    await waitForRenderedPage(page, 1);
    await shot('viewer');
  });

  it('uploads a real PDF as a logged-in user, read until Ready', async () => {
    const accounts = await demoAccounts(server.dataDir);
    await useToken(page, server.url, await apiLogin(server.url, accounts.trial), '/my/upload');
    await openUploadPage(page, server.url);
    await chooseUpload(page, REPORT_PDF);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/file/user_upload'));
    await page.click('[data-testid="upload-submit"]');
    const response = await answer;
    expect(response.status()).toBe(200);
    uploadedId = ((await response.json()) as UploadResponse).file.id;
    await waitForToast(page, 'was uploaded and is being processed');
    // The table asks again while the file is processed; the report is read within the minute.
    await page.waitForSelector(`${myFileRow(uploadedId)}[data-status="ready"]`, { timeout: 60_000 });
    await expect(page.locator(myFileRow(uploadedId)).innerText()).resolves.toContain('Ready');
    await shot('upload-ready');
  });

  it('finds the upload by a word of it and stars it; My Stars lists it', async () => {
    await page.goto(`${server.url}/home/file?q=${encodeURIComponent(REPORT_WORD)}`);
    await waitForResults(page);
    const result = page.locator(`${RESULT}[data-file-id="${uploadedId}"]`);
    await result.waitFor();
    await result.click();
    await waitForRenderedPage(page, 1);
    const star = page.locator('[data-testid="star-toggle"]');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/file/star'));
    await star.click();
    expect((await saved).status()).toBe(200);
    await page.waitForSelector('[data-testid="star-toggle"][aria-pressed="true"]:not([disabled])');
    await page.mouse.move(0, 0);
    await page.waitForSelector('.ant-tooltip:visible', { state: 'detached' });
    await shot('viewer-starred');

    await page.goto(`${server.url}/my/bookmarks`);
    await page.locator(`[data-testid="bookmarks-item"][data-file-id="${uploadedId}"]`).waitFor();
    await shot('bookmarks-starred');
  });
});
