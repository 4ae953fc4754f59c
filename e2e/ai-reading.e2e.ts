import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { FAKE_CHINESE_SUMMARY, FAKE_SUMMARY, startFakeProvider, type FakeLlm } from './helpers/fake-provider';
import { useJourney } from './helpers/journey';
import { reportWithPages } from './helpers/library';
import { pageCanvasInk, waitForRenderedPage } from './helpers/pdf-canvas';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { switchLanguage, waitForAnimations } from './helpers/ui';

const SEED_COUNT = 6;
const ORIGINAL = '.rl-viewer__pdfs > [data-testid="pdf-viewer"]:nth-child(1)';
const CHINESE = '.rl-viewer__pdfs > [data-testid="pdf-viewer"]:nth-child(2)';
const pageInput = (viewer: string) => `${viewer} input[aria-label="Page"]`;

async function chooseMode(page: Page, label: string): Promise<void> {
  await page.locator('[data-testid="preview-mode"]').getByText(label, { exact: true }).click();
}

/** Where the chat's input, the PDF pane and the scrolling containers are, as the browser laid them out. */
function chatLayout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const { top, bottom, height } = element.getBoundingClientRect();
      return { top, bottom, height };
    };
    const overflow = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? element.scrollHeight - element.clientHeight : null;
    };
    return {
      windowHeight: window.innerHeight,
      windowScroll: window.scrollY,
      documentOverflow: document.scrollingElement!.scrollHeight - window.innerHeight,
      contentOverflow: overflow('.rl-app__content'),
      input: box('[data-testid="chat-input"]'),
      pdf: box('[data-testid="pdf-preview"]'),
      history: { overflow: overflow('.rl-chat__list') },
    };
  });
}

/**
 * The chat's input is on screen and nothing around the viewer scrolls: only the history does.
 * `pdfHeight`: the PDF pane's height before the questions, which it keeps; `overflows`: whether the
 * history is longer than its pane (else the check proves little).
 */
async function expectChatInView(
  page: Page,
  { pdfHeight, overflows = true }: { pdfHeight?: number; overflows?: boolean } = {},
): Promise<void> {
  const layout = await chatLayout(page);
  expect(layout.windowScroll).toBe(0);
  expect(layout.documentOverflow).toBeLessThanOrEqual(0);
  expect(layout.contentOverflow).toBeLessThanOrEqual(0);
  expect(layout.input!.top).toBeGreaterThanOrEqual(0);
  expect(layout.input!.bottom).toBeLessThanOrEqual(layout.windowHeight);
  if (pdfHeight !== undefined) expect(layout.pdf!.height).toBe(pdfHeight);
  expect(layout.pdf!.bottom).toBeLessThanOrEqual(layout.windowHeight);
  if (overflows) expect(layout.history.overflow).toBeGreaterThan(0);
}

/** Long enough that three of them, with their answers, overflow the chat's pane at 1440×900. */
const LONG_QUESTIONS = [
  'What does the report expect for inflation over the next year, which components drive the slowdown, and how confident are the authors about services prices given wage growth in the labour market?',
  'How do the authors see the path of policy rates, when do they expect the first cut, and what would make them change that view: a stronger labour market, sticky core prices or a weaker currency?',
  'Which risks to the outlook does the report name, how likely does it consider each of them, and what would each one mean for the curve, credit spreads and the sectors it recommends?',
];

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

  it('keeps the chat input in view and the PDF pane its height after three questions, and on reopening', async () => {
    await expect.poll(() => page.locator('[data-testid="pdf-preview"]').getAttribute('data-mode')).toBe('en');
    const pdfHeight = (await chatLayout(page)).pdf!.height;
    expect(pdfHeight).toBeGreaterThan(500);
    await page.locator('.ant-tabs-tab', { hasText: 'Chat' }).click();
    const answers = page.locator('[data-testid="chat-answer"][data-status="done"]');
    const before = await answers.count();
    for (const [index, question] of LONG_QUESTIONS.entries()) {
      await page.fill('[data-testid="chat-input"]', question);
      await page.click('[data-testid="chat-send"]');
      await expect.poll(() => answers.count()).toBe(before + index + 1);
    }
    await expectChatInView(page, { pdfHeight });
    // The newest answer is scrolled into the history's view.
    const last = await page.locator('[data-testid="chat-answer"]').last().boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual((await chatLayout(page)).input!.top);
    await shot(page, 'chat-long-history');

    // Opened again, the report brings its history back at once: the same layout.
    await page.goto(`${server.url}/home/file?file=${fileId}`);
    await waitForRenderedPage(page, 1);
    await page.locator('.ant-tabs-tab', { hasText: 'Chat' }).click();
    await expect.poll(() => answers.count()).toBe(before + LONG_QUESTIONS.length);
    await expect(page.locator('.rl-viewer__tabs .ant-tabs-tab-active').innerText()).resolves.toBe('Chat');
    await expectChatInView(page, { pdfHeight });
    await page.waitForSelector('[data-testid="file-loading-message"]', { state: 'detached' });
    await waitForAnimations(page);
    await shot(page, 'chat-history-reopened');
    // The details tab, in the same scrolling body, keeps its own height.
    await page.locator('.rl-viewer__tabs .ant-tabs-tab', { hasText: 'Details' }).click();
    await page.locator('.rl-viewer__tabs .rl-viewer__details').waitFor();
    await waitForAnimations(page);
    await shot(page, 'details');
    await page.locator('.rl-viewer__tabs .ant-tabs-tab', { hasText: 'Chat' }).click();
  });

  it('keeps the chat input in view on a landscape tablet, a portrait tablet and a phone', async () => {
    // Landscape: the side panel beside the PDF, in a lower window.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => page.locator('.rl-viewer__side').isVisible()).toBe(true);
    await expectChatInView(page);
    await shot(page, 'chat-tablet-landscape');
    // Portrait and phone: the chat is a pane over the PDF, chosen in the viewer's tabs.
    for (const [width, height] of [
      [820, 1180],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('[data-testid="viewer-pane-tabs"] .ant-tabs-tab', { hasText: 'Chat' }).click();
      await page.locator('[data-testid="viewer-sheet"] [data-testid="chat-panel"]').waitFor();
      await expect.poll(() => page.locator('[data-testid="chat-answer"]').count()).toBeGreaterThan(3);
      await expectChatInView(page, { overflows: width < 500 });
      await shot(page, `chat-${width}x${height}`);
    }
    // Back in a desktop window, in Chinese: the same layout.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('.rl-viewer__tabs .ant-tabs-tab', { hasText: 'Chat' }).click();
    await switchLanguage(page, '中文', 'zh-CN');
    await expectChatInView(page);
    await waitForAnimations(page);
    await shot(page, 'chat-long-history-zh');
    await switchLanguage(page, 'English', 'en-US');
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
