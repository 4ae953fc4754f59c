import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadResponse } from '@rl/contract';
import { UPLOAD_CHUNKED_ABOVE } from '@rl/contract/constants';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken, type DemoAccount } from './helpers/accounts';
import type { BrowserSession } from './helpers/browser';
import { useJourney } from './helpers/journey';
import { reportWithPages } from './helpers/library';
import { chooseUpload, CORPUS_REPORTS, MY_FILE_ROW, myFileRow, openUploadPage } from './helpers/my-library';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 12;
/** A 22-page English earnings release with a text layer, 0.9 MB: one request, not chunks. */
const REPORT_PDF = path.join(CORPUS_REPORTS, 'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf');
/** A word of that report that the generated demo reports never use. */
const REPORT_WORD = 'Carvykti';
/** A 112-page 10-K of 4 MB: above the free plan's 3 MiB, and sent in chunks. */
const LARGE_PDF = path.join(CORPUS_REPORTS, 'fb_ADOBE_2016_10K.pdf');
const SUBSCRIPTION_MODAL = '.rl-subscription-modal';

async function searchFor(page: Page, baseUrl: string, keyword: string): Promise<void> {
  await page.goto(`${baseUrl}/home/file?q=${encodeURIComponent(keyword)}`);
  await waitForResults(page);
}

/** Opens a report in the viewer and waits for its first page. */
async function openReport(page: Page, baseUrl: string, fileId: string): Promise<void> {
  await page.goto(`${baseUrl}/home/file?file=${fileId}`);
  await page.waitForSelector('[data-testid="file-viewer"]');
  await waitForRenderedPage(page, 1);
}

/** Closes the plans dialog once it has finished opening (a click while it zooms in can be lost). */
async function closeSubscriptionModal(page: Page): Promise<void> {
  await page.waitForSelector(SUBSCRIPTION_MODAL);
  await waitForAnimations(page);
  await page.click(`${SUBSCRIPTION_MODAL} .ant-modal-close`);
  await page.waitForSelector(SUBSCRIPTION_MODAL, { state: 'hidden' });
}

describe('my library: uploads, stars, collections and downloads', () => {
  let server: RunningServer;
  let session: BrowserSession;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  const screenshot = screenshotter('my-library');
  /** A screenshot once popups and toasts have finished moving. */
  const shot = async (page: Page, name: string) => {
    await waitForAnimations(page);
    await screenshot(page, name);
  };
  const notPdf = path.join(tmpdir(), `rl-e2e-not-a-report-${process.pid}.pdf`);
  let uploadedId = '';

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, session, page } = journey));
  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
    await writeFile(notPdf, 'Quarterly notes, plain text only.\n'.repeat(40));
  });
  afterAll(() => rm(notPdf, { force: true }));

  it('free plan: Submit without a file asks to choose one first', async () => {
    await useToken(page, server.url, await apiLogin(server.url, accounts.trial), '/my/upload');
    await page.waitForSelector('[data-testid="upload-usage"]');
    await page.waitForSelector('[data-testid="myfiles-empty"]');
    await expect(page.locator('[data-testid="upload-usage"]').innerText()).resolves.toContain(
      '0 of 10 files',
    );
    await page.click('[data-testid="upload-submit"]');
    await waitForToast(page, 'Please choose a file first');
    expect(await page.locator('[data-testid="upload-progress"]').count()).toBe(0);
    await shot(page, 'upload-empty-submit');
  });

  it('uploads a real PDF through the file chooser, shows its progress, then Ready in My files', async () => {
    await chooseUpload(page, REPORT_PDF);
    // The request waits until the progress bar has been seen, so the check does not race it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await released;
      await route.continue();
    };
    await page.route('**/api/file/user_upload', hold);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/file/user_upload'));
    await page.click('[data-testid="upload-submit"]');
    const progress = page.locator('[data-testid="upload-progress"]');
    await progress.waitFor();
    await expect(progress.innerText()).resolves.toContain(`Uploading ${path.basename(REPORT_PDF)}`);
    await shot(page, 'upload-progress');
    release();
    const response = await answer;
    await page.unroute('**/api/file/user_upload', hold);
    expect(response.status()).toBe(200);
    const uploaded = (await response.json()) as UploadResponse;
    expect(uploaded.duplicate).toBe(false);
    expect(uploaded.file.file_name).toBe(path.basename(REPORT_PDF));
    uploadedId = uploaded.file.id;

    await waitForToast(page, 'was uploaded and is being processed');
    await progress.waitFor({ state: 'detached' });
    const row = page.locator(myFileRow(uploadedId));
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Processing|Ready/);
    await shot(page, 'upload-processing');
    // The table asks again while the file is processed; the report is read within the minute.
    await page.waitForSelector(`${myFileRow(uploadedId)}[data-status="ready"]`, { timeout: 60_000 });
    const text = await row.innerText();
    expect(text).toContain('Ready');
    expect(text).toContain('22');
    expect(text).toContain('Private');
    await expect(row.locator('[data-testid="myfile-open"]').isEnabled()).resolves.toBe(true);
    await expect(page.locator('[data-testid="upload-usage"]').innerText()).resolves.toContain(
      '1 of 10 files',
    );
    await shot(page, 'upload-ready');
  });

  it('finds the upload by a word of it, marked as my file, and stars it in the viewer', async () => {
    await searchFor(page, server.url, REPORT_WORD);
    const result = page.locator(`${RESULT}[data-file-id="${uploadedId}"]`);
    await result.waitFor();
    await expect(result.locator('.rl-result__title').innerText()).resolves.toContain('My file');
    await expect(result.locator('mark').first().innerText()).resolves.toMatch(new RegExp(REPORT_WORD, 'i'));
    await shot(page, 'search-my-file');

    await result.click();
    await waitForRenderedPage(page, 1);
    const star = page.locator('[data-testid="star-toggle"]');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/file/star'));
    await star.click();
    expect((await saved).status()).toBe(200);
    await page.waitForSelector('[data-testid="star-toggle"][aria-pressed="true"]:not([disabled])');
    await expect(star.getAttribute('aria-label')).resolves.toBe('Remove from stars');
    await page.mouse.move(0, 0);
    await page.waitForSelector('.ant-tooltip:visible', { state: 'detached' });
    await shot(page, 'viewer-starred');
  });

  it('lists the starred upload in My Stars, and unstars it there', async () => {
    await page.goto(`${server.url}/my/bookmarks`);
    const item = page.locator(`[data-testid="bookmarks-item"][data-file-id="${uploadedId}"]`);
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain('My file');
    expect(text).toContain('Starred');
    await expect(
      page.locator('[data-testid="bookmarks-tabs"] .ant-tabs-tab-active').innerText(),
    ).resolves.toBe('Starred reports');
    await shot(page, 'bookmarks-starred');

    await item.locator('[data-testid="unstar-button"]').click();
    await page.waitForSelector('[data-testid="bookmarks-empty"]');
    await expect(page.locator('[data-testid="bookmarks-empty"]').innerText()).resolves.toContain(
      'No starred reports yet',
    );
    // The server forgot the star too: a fresh page shows none.
    await page.reload();
    await page.waitForSelector('[data-testid="bookmarks-empty"]');
    await shot(page, 'bookmarks-empty');
  });

  it('deletes the upload after a confirmation; the search no longer finds it', async () => {
    await openUploadPage(page, server.url);
    const row = page.locator(myFileRow(uploadedId));
    await row.locator('[data-testid="myfile-delete"]').click();
    await page.waitForSelector('.ant-popconfirm:visible');
    await expect(page.locator('.ant-popconfirm:visible').innerText()).resolves.toContain(
      'This cannot be undone',
    );
    await shot(page, 'delete-confirm');
    await page.click('[data-testid="myfile-delete-confirm"]');
    await waitForToast(page, 'File deleted');
    await row.waitFor({ state: 'detached' });
    await page.waitForSelector('[data-testid="myfiles-empty"]');
    await expect(page.locator('[data-testid="upload-usage"]').innerText()).resolves.toContain(
      '0 of 10 files',
    );

    await searchFor(page, server.url, REPORT_WORD);
    expect(await page.locator(`${RESULT}[data-file-id="${uploadedId}"]`).count()).toBe(0);
    await page.waitForSelector('[data-testid="no-results"]');
    await shot(page, 'search-after-delete');
  });

  it('refuses a text file named .pdf with a reason, and My files stays empty', async () => {
    await openUploadPage(page, server.url);
    await chooseUpload(page, notPdf);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/file/user_upload'));
    await page.click('[data-testid="upload-submit"]');
    expect((await answer).status()).toBe(400);
    const error = page.locator('[data-testid="upload-error"]');
    await error.waitFor();
    await expect(error.innerText()).resolves.toMatch(/File submission failed: .*not a PDF/);
    await shot(page, 'upload-not-pdf');
    // Not listed, even after asking the server again.
    await openUploadPage(page, server.url);
    expect(await page.locator(MY_FILE_ROW).count()).toBe(0);
    await expect(page.locator('[data-testid="upload-usage"]').innerText()).resolves.toContain(
      '0 of 10 files',
    );
  });

  it('free plan: a PDF above 3 MiB is refused before sending, and the plans are offered', async () => {
    let sent = 0;
    const count = (request: { url(): string }) => {
      if (request.url().includes('/api/file/user_upload')) sent++;
    };
    page.on('request', count);
    await chooseUpload(page, LARGE_PDF);
    const problem = page.locator('[data-testid="upload-problem"]');
    await problem.waitFor();
    await expect(problem.innerText()).resolves.toMatch(/your plan accepts files up to 3 MiB/);
    // Submit stays disabled while a refused file is chosen: nothing to send.
    expect(await page.isDisabled('[data-testid="upload-submit"]')).toBe(true);
    await shot(page, 'upload-too-large');
    await problem.getByRole('button', { name: 'See plans' }).click();
    await page.waitForSelector(SUBSCRIPTION_MODAL);
    await closeSubscriptionModal(page);
    page.off('request', count);
    expect(sent).toBe(0);
  });

  it('free plan: Download opens the plans; the collections tab offers the institutional plan', async () => {
    const report = await reportWithPages(server.url, 10, 'en');
    await openReport(page, server.url, report.id);
    const download = page.waitForResponse((response) => response.url().endsWith('/api/file/download'));
    await page.click('[data-testid="download-button"]');
    expect((await download).status()).toBe(403);
    await page.waitForSelector(SUBSCRIPTION_MODAL);
    await shot(page, 'free-download-plans');
    await closeSubscriptionModal(page);

    // 'Add to collection' on the free plan shows the plans too.
    await page.click('[data-testid="collection-control"]');
    await page.waitForSelector(SUBSCRIPTION_MODAL);
    await closeSubscriptionModal(page);

    await page.goto(`${server.url}/my/bookmarks?tab=collections`);
    const offer = page.locator('[data-testid="collections-offer"]');
    await offer.waitFor();
    await expect(offer.innerText()).resolves.toContain('Collections are part of the institutional plan');
    expect(await page.locator('[data-testid="collections-list"]').count()).toBe(0);
    await shot(page, 'free-collections-offer');
  });

  it('paid plan: adds a report to a new collection from the viewer, finds it there and removes it', async () => {
    const report = await reportWithPages(server.url, 10, 'en');
    await useToken(
      page,
      server.url,
      await apiLogin(server.url, accounts.paid),
      `/home/file?file=${report.id}`,
    );
    await waitForRenderedPage(page, 1);
    const control = page.locator('[data-testid="collection-control"]');
    await expect(control.getAttribute('aria-label')).resolves.toBe('Add to collection');
    await control.click();
    const picker = page.locator('[data-testid="collection-picker"]');
    await picker.waitFor();
    await picker.getByText('No collections yet').waitFor();
    const name = 'Earnings e2e';
    await page.fill('[data-testid="picker-new-collection-input"]', name);
    await page.keyboard.press('Enter');
    const option = picker.locator('.ant-checkbox-wrapper', { hasText: name });
    await option.locator('.ant-checkbox-checked:not(.ant-checkbox-disabled)').waitFor();
    await page.waitForSelector('[data-testid="collection-control"][aria-label="In your collections"]');
    await shot(page, 'viewer-collection-picker');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/my/bookmarks?tab=collections`);
    const collection = page.locator('[data-testid="collection-item"]', { hasText: name });
    await collection.waitFor();
    await expect(collection.innerText()).resolves.toContain('1 report');
    await shot(page, 'collections-list');
    await collection.locator('[data-testid="collection-open"]').click();
    await page.waitForURL((url) => url.searchParams.has('collection'));
    await expect(page.locator('[data-testid="collection-title"]').innerText()).resolves.toContain(name);
    const file = page.locator(`[data-testid="collection-file-item"][data-file-id="${report.id}"]`);
    await file.waitFor();
    await shot(page, 'collection-files');
    const removed = page.waitForResponse((response) =>
      response.url().endsWith('/api/file/collection/remove'),
    );
    await file.locator('[data-testid="collection-remove-button"]').click();
    expect((await removed).status()).toBe(200);
    await page.waitForSelector('[data-testid="collection-files-empty"]');
    await page.click('[data-testid="collection-back"]');
    // The list shows what it had, then the count the server gives now.
    await collection.filter({ hasText: '0 reports' }).waitFor();
  });

  it('paid plan: Download saves the PDF', async () => {
    const report = await reportWithPages(server.url, 10, 'en');
    await openReport(page, server.url, report.id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-button"]'),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await download.path();
    expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await waitForToast(page, `Downloading ${download.suggestedFilename()}`);
    await page.waitForSelector('[data-testid="download-button"]:not([disabled])');
    await shot(page, 'paid-download');
  });

  it('paid plan: a PDF above 3 MiB goes in chunks and becomes Ready', async () => {
    expect((await stat(LARGE_PDF)).size).toBeGreaterThan(UPLOAD_CHUNKED_ABOVE);
    const calls: string[] = [];
    const note = (request: { url(): string }) => {
      const match = /\/api\/file\/user_upload(\/\w+)?/.exec(request.url());
      if (match) calls.push(match[1] ?? 'whole');
    };
    page.on('request', note);
    await openUploadPage(page, server.url);
    await chooseUpload(page, LARGE_PDF);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/file/user_upload/complete'),
    );
    await page.click('[data-testid="upload-submit"]');
    const uploaded = (await (await answer).json()) as UploadResponse;
    page.off('request', note);
    expect(calls[0]).toBe('/init');
    expect(calls.filter((call) => call === '/chunk').length).toBeGreaterThan(1);
    expect(calls.at(-1)).toBe('/complete');
    expect(calls).not.toContain('whole');
    await page.waitForSelector(`${myFileRow(uploaded.file.id)}[data-status="ready"]`, { timeout: 90_000 });
    await expect(page.locator(myFileRow(uploaded.file.id)).innerText()).resolves.toContain('112');
    await shot(page, 'paid-chunked-ready');
  });

  it("follows an issuer from the issuer filter's star: it lists under 'Following'", async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.click('[data-testid="filter-issuer"]');
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-group', { hasText: 'Popular' }).waitFor();
    expect(await dropdown.locator('.ant-select-item-group', { hasText: 'Following' }).count()).toBe(0);
    const star = dropdown.locator('[data-testid^="issuer-star-"]').first();
    const issuer = ((await star.getAttribute('data-testid')) ?? '').replace('issuer-star-', '');
    expect(issuer).not.toBe('');
    await star.click();
    // The list keeps its scroll position (the filter sits low in the panel, so it opens upwards):
    // the new group heading is in it, scrolled just above the starred issuer.
    const following = dropdown.locator('.ant-select-item-group', { hasText: 'Following' });
    await following.waitFor({ state: 'attached' });
    await page.waitForSelector(`[data-testid="issuer-star-${issuer}"][aria-pressed="true"]`);
    await following.scrollIntoViewIfNeeded();
    await expect(following.innerText()).resolves.toBe('Following');
    // Counts agree in number: '1 report', '3 reports'.
    for (const count of await dropdown.locator('.rl-option-label__count').allInnerTexts()) {
      const n = Number.parseInt(count, 10);
      expect(count).toBe(`${n} ${n === 1 ? 'report' : 'reports'}`);
    }
    await shot(page, 'issuer-following');
    // The click starred the issuer without choosing it as a filter.
    expect(new URL(page.url()).searchParams.getAll('issuer')).toEqual([]);
    await page.locator(`[data-testid="issuer-star-${issuer}"][aria-pressed="true"]`).first().click();
    await dropdown.locator('.ant-select-item-group', { hasText: 'Following' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
  });

  it('shows My Stars and the upload page in Chinese', async () => {
    await page.goto(`${server.url}/my/bookmarks`);
    await page.waitForSelector('[data-testid="bookmarks-empty"]');
    await switchLanguage(page, '中文', 'zh-CN');
    await expect(page.locator('[data-testid="bookmarks-tabs"] .ant-tabs-nav').innerText()).resolves.toMatch(
      /收藏的报告[\s\S]*收藏夹/,
    );
    await expect(page.locator('[data-testid="bookmarks-empty"]').innerText()).resolves.toContain(
      '暂无收藏的报告',
    );
    await shot(page, 'bookmarks-zh');

    await openUploadPage(page, server.url);
    await expect(page.locator('[data-testid="myfiles"]').innerText()).resolves.toContain('我的文件');
    // antd spaces out a two-character Chinese label.
    await expect(page.locator('[data-testid="upload-submit"]').innerText()).resolves.toMatch(/^提\s?交$/);
    await expect(page.locator('[data-testid="upload-panel"]').innerText()).resolves.toContain(
      '点击或将 PDF 文件拖到此处',
    );
    await shot(page, 'upload-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('saw no script errors', () => {
    // The refused upload (400) and the free plan's download (403) are expected.
    const unexpected = session.problems.filter(
      (problem) => !/status of (400|403)/.test(problem) && !problem.includes('favicon'),
    );
    expect(unexpected).toEqual([]);
  });
});
