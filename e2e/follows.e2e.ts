import path from 'node:path';
import type { InboxListResponse } from '@rl/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiConsoleLogin, apiLogin, demoAccounts, useToken, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { backdateInboxArrivals } from './helpers/library-db';
import { chooseUpload, CORPUS_REPORTS, MY_FILE_ROW, openUploadPage } from './helpers/my-library';
import { waitForMail } from './helpers/outbox';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForResults } from './helpers/ui';

const RESEARCH = path.resolve(CORPUS_REPORTS, '../research');
/** A Nomura note on Tencent (0700.HK), from the shared corpus: shared with the library first. */
const EARLIER_NOTE = path.join(RESEARCH, 'en_nomura_tencent_company.pdf');
/** A J.P. Morgan note on Tencent: the new report that arrives once the company is followed. */
const NOTE = path.join(RESEARCH, 'en_jpmorgan_tencent_company.pdf');
const TICKER = '0700.HK';
const INBOX_ITEM = '[data-testid="inbox-item"]';

/** Uploads a corpus PDF from My upload and waits until its row says it is read. */
async function uploadAndRead(page: Page, baseUrl: string, file: string): Promise<void> {
  await openUploadPage(page, baseUrl);
  const before = await page.locator(`${MY_FILE_ROW}[data-status="ready"]`).count();
  await chooseUpload(page, file);
  await page.click('[data-testid="upload-submit"]');
  await page.locator(`${MY_FILE_ROW}[data-status="ready"]`).nth(before).waitFor({ timeout: 120_000 });
}

/**
 * An administrator confirms the research data of `uploader`'s published uploads: an upload's
 * broker and calls reach company pages and other users' alerts only once confirmed.
 */
async function confirmUploads(server: RunningServer, admin: DemoAccount, uploader: string): Promise<void> {
  const token = await apiConsoleLogin(server.url, server.dataDir, admin);
  const post = async <T>(route: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, route).toBe(200);
    return (await response.json()) as T;
  };
  const { file_list } = await post<{ file_list: { id: string }[] }>('/api/manage/file/list', {
    uploader,
    visibility: 'public',
  });
  expect(file_list.length).toBeGreaterThan(0);
  for (const file of file_list)
    await post('/api/manage/file/edit', { file_id: file.id, research_confirmed: true });
}

async function unreadBadge(page: Page): Promise<string> {
  const badge = page.locator('[data-testid="inbox-badge"]').first();
  await badge.waitFor({ timeout: 30_000 });
  // The number drawn, not the words a screen reader reads beside it.
  return (await badge.locator('.ant-badge').innerText()).trim();
}

/**
 * What's new on my names: an analyst follows a company from its page (its first note shared with
 * the library) and saves a search, a new note on the company arrives, the menu's badge counts it
 * once, the inbox says why it is there with the note's call, and opening it reads it; then they
 * choose a daily digest in the settings and it arrives by e-mail (the dev outbox).
 */
describe('follows: a company from its page, a saved search → a note arrives → the badge → the inbox → the report → the digest', () => {
  let server: RunningServer;
  let page: Page;
  let paid: DemoAccount;
  let trial: DemoAccount;
  let admin: DemoAccount;
  let token: string;
  const shot = screenshotter('follows');

  // The digests are looked for every 2 s rather than every minute.
  useJourney(
    { seedCount: 6, env: { DIGEST_RUN_INTERVAL_S: '2' } },
    (journey) => ({ server, page } = journey),
  );

  beforeAll(async () => {
    ({ paid, trial, admin } = await demoAccounts(server.dataDir));
    token = await apiLogin(server.url, paid);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useToken(page, server.url, token, '/my/upload');
  });

  it("follows the company from its page, reached from a note's company in the results", async () => {
    // The company has a page once a note on it is in the library: the first note, shared, its research
    // data confirmed by an administrator (an upload's calls are its uploader's claim until then).
    await uploadAndRead(page, server.url, EARLIER_NOTE);
    const row = page.locator(MY_FILE_ROW).first();
    await row.locator('[data-testid="myfile-publish"]').click();
    await page.click('[data-testid="myfile-publish-confirm"]');
    await row.locator('[data-testid="myfile-publish"]', { hasText: 'Unpublish' }).waitFor();
    await confirmUploads(server, admin, paid.username);

    await page.goto(`${server.url}/home/file?q=Tencent`);
    await waitForResults(page);
    const company = page.locator(`${RESULT} [data-testid="company-link"]`, { hasText: TICKER }).first();
    await company.click();
    const header = page.locator('[data-testid="company-page"] .rl-company__header');
    await header.locator('[data-testid="company-name"]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/home/company/${TICKER}`);
    const follow = header.locator('[data-testid="follow-button"]:not([disabled])');
    await follow.waitFor();
    await expect(follow.getAttribute('data-following')).resolves.toBe('false');
    await follow.click();
    await header.locator('[data-testid="follow-button"][data-following="true"]').waitFor();
    await shot(page, 'company-followed');
  });

  it('saves the search on screen under a name', async () => {
    await page.goto(`${server.url}/home/file?q=Tencent`);
    await waitForResults(page);
    await page.click('[data-testid="save-search"]');
    const name = page.locator('[data-testid="save-search-name"]');
    await name.waitFor();
    await expect(name.inputValue()).resolves.toBe('Tencent');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForSelector('[data-testid="save-search-done"]');
    await page.goto(`${server.url}/my/follows`);
    await page.locator('[data-testid="follow-item"]').nth(1).waitFor();
    const kinds = await page
      .locator('[data-testid="follow-item"] [data-testid="follow-kind"]')
      .allInnerTexts();
    expect(kinds.sort()).toEqual(['Company', 'Saved search']);
    await page.getByText('Tencent', { exact: true }).first().waitFor();
    await shot(page, 'following');
  });

  it('counts the new note on the company once in the menu, and lists it in the inbox with why', async () => {
    await uploadAndRead(page, server.url, NOTE);
    // The alerts job runs after the reading: the badge shows once it has, on the next look. Both
    // follows match the note; it counts once.
    let count = '';
    for (let i = 0; i < 30 && count !== '1'; i++) {
      await page.goto(`${server.url}/my/upload`);
      count = await unreadBadge(page).catch(() => '');
    }
    expect(count).toBe('1');
    await shot(page, 'badge');

    await page.goto(`${server.url}/my/inbox`);
    const item = page.locator(INBOX_ITEM).first();
    await item.waitFor();
    await expect(item.getAttribute('data-unread')).resolves.toBe('true');
    await expect(item.innerText()).resolves.toContain('Tencent');
    await expect(page.locator(INBOX_ITEM).count()).resolves.toBe(1);
    const reasons = await item.locator('[data-testid="inbox-reason"]').allInnerTexts();
    expect(reasons.sort()).toEqual([expect.stringMatching(/^Following: Tencent/), 'Saved search: Tencent']);
    await shot(page, 'inbox');
    await switchLanguage(page, '中文', 'zh-CN');
    await page.locator(INBOX_ITEM).first().waitFor();
    await shot(page, 'inbox-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('opens the report from the inbox and counts it read', async () => {
    const item = page.locator(INBOX_ITEM).first();
    await item.locator('[data-testid="open-button"]').click();
    await page.waitForSelector('[data-testid="file-viewer"]');
    // The note's analysts can be followed where the reader meets them.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page
      .locator('[data-testid="analysts"] [data-testid="follow-button"]:not([disabled])')
      .first()
      .waitFor();
    await shot(page, 'viewer-analysts');
    await page.goto(`${server.url}/my/inbox`);
    await expect(page.locator(INBOX_ITEM).first().getAttribute('data-unread')).resolves.toBe('false');
    await expect(page.locator('[data-testid="inbox-badge"]').count()).resolves.toBe(0);
  });

  it('sends a daily digest once chosen in the settings, listing the note', async () => {
    const inbox = await fetch(`${server.url}/api/inbox/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const title = ((await inbox.json()) as InboxListResponse).items[0]?.title ?? '';
    expect(title).not.toBe('');

    await page.goto(`${server.url}/my/settings`);
    const section = page.locator('[data-testid="digest-settings"]');
    await section.waitFor();
    await section.getByText('Daily', { exact: true }).click();
    const since = new Date();
    await section.locator('[data-testid="digest-save"]').click();
    await page.getByText('Settings saved').first().waitFor();
    await shot(page, 'digest-daily');

    // Today's digest lists what arrived before today's period started: the note arrived minutes
    // ago, so it is moved to yesterday rather than waiting for tomorrow's period.
    expect(backdateInboxArrivals(server.dataDir, 25)).toBe(1);
    const mail = await waitForMail(server.dataDir, paid.email, since, (m) =>
      Boolean(m.subject?.startsWith('Your daily digest')),
    );
    expect(mail.subject).toBe('Your daily digest of new reports on what you follow: 1');
    expect(mail.text).toContain(`* ${title}`);
    // Linked to the report (under PUBLIC_URL; this server has none and listens on a port of its choosing).
    expect(mail.text).toMatch(/\/home\/file\?file=[\w-]+/);
    expect(mail.headers?.['List-Unsubscribe']).toContain('/api/pub/digest/unsubscribe?user=');
  });

  it("follows from a result's row on a phone, in both languages, and meets the free plan's wall", async () => {
    // The free plan keeps 5 follows: this user has 4 already.
    const free = await apiLogin(server.url, trial);
    for (const analyst of ['Ann One', 'Bo Two', 'Cy Three', 'Di Four']) {
      const added = await fetch(`${server.url}/api/follow/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${free}`, 'content-type': 'application/json' },
        body: JSON.stringify({ target: { kind: 'analyst', analyst } }),
      });
      expect(added.status).toBe(200);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await useToken(page, server.url, free, '/home/file?q=Tencent');
    await waitForResults(page);
    // The shared note on the company (the other one is its owner's alone).
    const row = page.locator(RESULT, {
      has: page.locator('[data-testid="company-link"]', { hasText: TICKER }),
    });
    await expect(row.count()).resolves.toBe(1);
    const company = row.locator('[data-testid="result-follow-company"]:not([disabled])');
    await company.waitFor();
    await expect(company.getAttribute('aria-pressed')).resolves.toBe('false');
    await company.click();
    await row.locator('[data-testid="result-follow-company"][aria-pressed="true"]').waitFor();
    // The toggle followed; it did not open the report.
    expect(new URL(page.url()).searchParams.get('file')).toBeNull();
    await expect(page.locator('[data-testid="file-viewer"]').count()).resolves.toBe(0);
    await shot(page, 'result-follow-phone');

    await switchLanguage(page, '中文', 'zh-CN');
    const broker = row.locator('[data-testid="result-follow-issuer"]:not([disabled])');
    await broker.waitFor();
    await expect(broker.getAttribute('aria-label')).resolves.toMatch(/^关注/);
    await expect(
      row.locator('[data-testid="result-follow-company"]').getAttribute('aria-label'),
    ).resolves.toMatch(/^已关注/);
    // A sixth follow: the plans open with the follows wall, saying the limit and what is used.
    await broker.click();
    const notice = page.locator('.rl-subscription-modal:visible [data-testid="wall-notice"]');
    await notice.waitFor();
    await expect(notice.getAttribute('data-reason')).resolves.toBe('follows');
    await expect(notice.locator('[data-testid="wall-facts"]').innerText()).resolves.toContain('5');
    await shot(page, 'result-follow-wall-zh');
    await page.keyboard.press('Escape');
    await page.locator('.rl-subscription-modal').waitFor({ state: 'detached' });
    await expect(broker.getAttribute('aria-pressed')).resolves.toBe('false');
    expect(new URL(page.url()).searchParams.get('file')).toBeNull();
    await switchLanguage(page, 'English', 'en-US');
  });

  it('shows the inbox on a phone, in both languages, within the width', async () => {
    await useToken(page, server.url, token, '/my/inbox');
    const item = page.locator(INBOX_ITEM).first();
    await item.waitFor();
    await item.locator('[data-testid="inbox-reason"]').nth(1).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'inbox-phone');
    await switchLanguage(page, '中文', 'zh-CN');
    await item.locator('[data-testid="inbox-reason"]', { hasText: '已存搜索' }).waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await shot(page, 'inbox-phone-zh');
    await switchLanguage(page, 'English', 'en-US');
  });
});
