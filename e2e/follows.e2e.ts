import path from 'node:path';
import type { InboxListResponse } from '@rl/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { backdateInboxArrivals } from './helpers/library-db';
import { chooseUpload, CORPUS_REPORTS, openUploadPage } from './helpers/my-library';
import { waitForMail } from './helpers/outbox';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { switchLanguage, waitForResults } from './helpers/ui';

/** A J.P. Morgan note on Tencent (0700.HK), from the shared corpus: a report nobody here wrote. */
const NOTE = path.resolve(CORPUS_REPORTS, '../research/en_jpmorgan_tencent_company.pdf');
const INBOX_ITEM = '[data-testid="inbox-item"]';

async function unreadBadge(page: Page): Promise<string> {
  const badge = page.locator('[data-testid="inbox-badge"]').first();
  await badge.waitFor({ timeout: 30_000 });
  // The number drawn, not the words a screen reader reads beside it.
  return (await badge.locator('.ant-badge').innerText()).trim();
}

/**
 * What's new on my names: an analyst saves a search, a note matching it arrives, the menu's badge
 * counts it, the inbox says why it is there with the note's call, and opening it reads it; then
 * they choose a daily digest in the settings and it arrives by e-mail (the dev outbox).
 */
describe('follows: save a search → a note arrives → the badge → the inbox → the report → the digest', () => {
  let server: RunningServer;
  let page: Page;
  let paid: DemoAccount;
  let token: string;
  const shot = screenshotter('follows');

  // The digests are looked for every 2 s rather than every minute.
  useJourney(
    { seedCount: 6, env: { DIGEST_RUN_INTERVAL_S: '2' } },
    (journey) => ({ server, page } = journey),
  );

  beforeAll(async () => {
    ({ paid } = await demoAccounts(server.dataDir));
    token = await apiLogin(server.url, paid);
    await page.setViewportSize({ width: 1440, height: 900 });
    await useToken(page, server.url, token, '/home/file?q=Tencent');
  });

  it('saves the search on screen under a name', async () => {
    await waitForResults(page).catch(() => undefined); // the demo library may hold no match
    await page.click('[data-testid="save-search"]');
    const name = page.locator('[data-testid="save-search-name"]');
    await name.waitFor();
    await expect(name.inputValue()).resolves.toBe('Tencent');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.waitForSelector('[data-testid="save-search-done"]');
    await page.goto(`${server.url}/my/follows`);
    await page.getByText('Tencent', { exact: true }).first().waitFor();
    await shot(page, 'following');
  });

  it('counts the matching note in the menu once it is read, and lists it in the inbox with why', async () => {
    await openUploadPage(page, server.url);
    await chooseUpload(page, NOTE);
    await page.click('[data-testid="upload-submit"]');
    await page.waitForSelector('[data-testid="myfile-row"][data-status="ready"]', { timeout: 120_000 });
    // The alerts job runs after the reading: the badge shows once it has, on the next look.
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
});
