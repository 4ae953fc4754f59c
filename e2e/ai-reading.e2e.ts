import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { FAKE_CHINESE_SUMMARY, FAKE_SUMMARY, startFakeProvider, type FakeLlm } from './helpers/fake-provider';
import { useJourney } from './helpers/journey';
import { reportWithPages } from './helpers/library';
import { pageCanvasInk, waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { waitForAnimations } from './helpers/ui';

const SEED_COUNT = 6;
const ORIGINAL = '.rl-viewer__pdfs > [data-testid="pdf-viewer"]:nth-child(1)';
const CHINESE = '.rl-viewer__pdfs > [data-testid="pdf-viewer"]:nth-child(2)';
const pageInput = (viewer: string) => `${viewer} input[aria-label="Page"]`;

async function chooseMode(page: Page, label: string): Promise<void> {
  await page.locator('[data-testid="preview-mode"]').getByText(label, { exact: true }).click();
}

describe('AI reading: summary, chat with citations, Chinese translation (test provider)', () => {
  let fake: FakeLlm;
  let server: RunningServer;
  let page: Page;
  const shot = screenshotter('ai-reading');
  let fileId = '';
  let pageCount = 0;

  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  useJourney(
    () => ({
      seedCount: SEED_COUNT,
      env: { LLM_BASE_URL: fake.url, LLM_API_KEY: 'e2e-key', LLM_MODEL: 'fake-chat' },
    }),
    (journey) => ({ server, page } = journey),
  );
  afterAll(() => fake.close());

  it('opens a report with the summary the provider wrote', async () => {
    const report = await reportWithPages(server.url, 6, 'en');
    fileId = report.id;
    pageCount = report.page_count;
    expect(pageCount).toBeGreaterThanOrEqual(3);
    const accounts = await demoAccounts(server.dataDir);
    await useToken(page, server.url, await apiLogin(server.url, accounts.trial), `/home/file?file=${fileId}`);
    await page.waitForSelector('[data-testid="file-viewer"]');
    await waitForRenderedPage(page, 1);
    await page.waitForSelector('[data-testid="summary-panel"]');
    await expect(page.locator('[data-testid="summary-panel"]').innerText()).resolves.toContain(
      'The test provider summarised this report.',
    );
    await page.locator('[data-testid="summary-display"]').getByText('Compact').click();
    await expect(page.locator('.rl-summary__points').innerText()).resolves.toContain('Inflation cools.');
    await shot(page, 'summary');
  });

  it('asks a question, streams an answer with citations, and a citation scrolls the PDF', async () => {
    await page.locator('.ant-tabs-tab', { hasText: 'Chat' }).click();
    await page.waitForSelector('[data-testid="chat-panel"]');
    await page.fill('[data-testid="chat-input"]', 'What does the report say about inflation?');
    await page.click('[data-testid="chat-send"]');
    const answer = page.locator('[data-testid="chat-answer"]:not([data-status="streaming"])').last();
    await answer.waitFor();
    await expect(answer.getAttribute('data-status')).resolves.toBe('done');
    await expect(answer.innerText()).resolves.toMatch(/The report answers this on page \d+/);
    const chip = answer.locator('.rl-chat__bubble [data-testid="chat-citation"]').first();
    const cited = Number(await chip.getAttribute('data-page'));
    expect(cited).toBeGreaterThanOrEqual(1);
    expect(await answer.locator('[data-testid="chat-source"]').count()).toBeGreaterThan(0);

    // Start elsewhere, so the click has to move the preview.
    const start = cited === pageCount ? 1 : pageCount;
    await page.fill(pageInput(ORIGINAL), String(start));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue(pageInput(ORIGINAL))).toBe(String(start));
    await chip.click();
    await expect.poll(() => page.inputValue(pageInput(ORIGINAL))).toBe(String(cited));
    await waitForRenderedPage(page, cited);
    await shot(page, 'chat-citation');

    const chatCalls = fake.requests.filter((r) => r.stream);
    expect(chatCalls.at(-1)?.messages.at(-1)?.content).toContain('What does the report say about inflation?');
  });

  it('requests the translation, shows its status, then both versions side by side scrolling together', async () => {
    await chooseMode(page, 'English / Chinese');
    await page.waitForSelector('[data-testid="translation-notice"]');
    await expect(page.locator('[data-testid="translation-notice"]').innerText()).resolves.toContain(
      'File translating, please wait...',
    );
    await shot(page, 'translation-running');
    await page.waitForSelector(CHINESE, { timeout: 90_000 });
    await page.waitForSelector('[data-testid="translation-notice"]', { state: 'detached' });
    await expect(page.locator(CHINESE).getAttribute('data-page-count')).resolves.toBe(String(pageCount));
    // The Chinese version opens where the original is, and follows it.
    await expect
      .poll(() => page.inputValue(pageInput(CHINESE)))
      .toBe(await page.inputValue(pageInput(ORIGINAL)));
    const scrollTops = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.rl-viewer__pdfs .rl-pdf__scroll')].map((e) => e.scrollTop),
      );
    await expect.poll(async () => new Set(await scrollTops()).size).toBe(1);
    await page.fill(pageInput(ORIGINAL), '3');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.inputValue(pageInput(CHINESE))).toBe('3');
    await page.waitForSelector(`${CHINESE} [data-page-number="3"][data-rendered="true"] canvas`);
    expect((await pageCanvasInk(page, 3, CHINESE)).inkRatio).toBeGreaterThan(0.002);
    await expect
      .poll(() => page.locator(`${CHINESE} [data-page-number="3"] .textLayer`).innerText(), {
        timeout: 10_000,
      })
      .toMatch(/研报/);
    // The app fills the window and nothing (pdf.js's measuring canvas) lengthens the page below it.
    await expect(page.evaluate(() => document.scrollingElement!.scrollHeight)).resolves.toBe(900);
    await waitForAnimations(page);
    await shot(page, 'translation-side-by-side');
  });

  it('switches to Chinese only, with the Chinese summary, and back to English', async () => {
    await chooseMode(page, 'Chinese');
    await expect.poll(() => page.locator('[data-testid="pdf-preview"]').getAttribute('data-mode')).toBe('zh');
    expect(await page.locator('.rl-viewer__pdfs > [data-testid="pdf-viewer"]').count()).toBe(1);
    await page.locator('.ant-tabs-tab', { hasText: 'Summary' }).click();
    await page.locator('[data-testid="summary-display"]').getByText('Standard').click();
    await expect(page.locator('[data-testid="summary-panel"]').innerText()).resolves.toContain(
      FAKE_CHINESE_SUMMARY,
    );
    await shot(page, 'translation-chinese-only');

    await chooseMode(page, 'English');
    await expect.poll(() => page.locator('[data-testid="pdf-preview"]').getAttribute('data-mode')).toBe('en');
    await expect(page.locator('[data-testid="summary-panel"]').innerText()).resolves.toContain(
      FAKE_SUMMARY.standard.split('\n')[0]!,
    );
    const translations = fake.requests.filter((r) => r.messages[0]?.content.startsWith('You translate'));
    expect(translations.length).toBeGreaterThan(0);
  });

  it('the settings page says an AI model is configured', async () => {
    await page.goto(`${server.url}/my/settings`);
    await page.waitForSelector('[data-testid="ai-service-status"][data-configured="true"]');
    await expect(page.locator('[data-testid="ai-service"]').innerText()).resolves.toContain(
      '250,000 input and 125,000 output tokens',
    );
    await shot(page, 'settings-ai-service');
  });
});
