import type { FileDetailResponse, FileListItem } from '@rl/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, logInToConsole, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { openToVisitors, searchLibrary } from './helpers/library';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { confirmDialog, switchLanguage, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 12;
const DMCA_FIELDS: Record<string, string> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '12 St James Square',
  copyright_holder: 'Analytical Engines Ltd',
  city: 'London',
  state: 'Greater London',
  country: 'United Kingdom',
  zip_code: 'SW1Y 4LB',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
  description: 'This report reproduces our research note of last month word for word without permission.',
  signature: 'Ada Lovelace',
};

/** Ticks the ALTCHA widget and waits until it has solved its proof of work. */
async function passSecurityCheck(page: Page): Promise<void> {
  const check = page.locator('[data-testid="security-check"]');
  await check.getByText("I'm not a robot").click();
  await check.locator('[data-state="verified"]').first().waitFor({ timeout: 30_000 });
}

async function fileDetail(baseUrl: string, fileId: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/api/file/file_detail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ file_id: fileId }),
  });
  return { status: response.status, body: await response.json() };
}

/** An English word that finds reports and that no glossary term covers (nothing else is searched). */
async function englishWordOutsideGlossary(baseUrl: string): Promise<string> {
  const english = await searchLibrary(baseUrl, {
    keyword: '',
    page_length: 50,
    filter: { language: ['en'] },
  });
  const words = new Set(english.file_list.flatMap((f) => f.title.toLowerCase().match(/[a-z]{6,}/g) ?? []));
  for (const word of words) {
    const r = await searchLibrary(baseUrl, { keyword: word, page_length: 5 });
    if (r.total_items > 0 && !r.also_searched) return word;
  }
  throw new Error('every title word of the English reports is a glossary term');
}

describe('administration: a DMCA complaint from a visitor takes a report down', () => {
  let server: RunningServer;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  let report: FileListItem;
  let previewUrl = '';
  let complaintId = '';
  const screenshot = screenshotter('admin');
  const shot = async (name: string) => {
    await waitForAnimations(page);
    await screenshot(page, name);
  };

  /** How many pixels of the users table a 1440 px screen hides under its fixed Actions column. */
  const usersTableOverflow = () =>
    page.locator('[data-testid="admin-users-page"] .ant-table-content').evaluate((table) => {
      return table.scrollWidth - table.clientWidth;
    });

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, page } = journey));
  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
    const all = await searchLibrary(server.url, { keyword: '', page_length: 50 });
    const open = all.file_list.find(openToVisitors);
    if (!open) throw new Error('no report a visitor may open');
    report = open;
    const detail = await fileDetail(server.url, report.id);
    expect(detail.status).toBe(200);
    previewUrl = (detail.body as FileDetailResponse).file_info.encrypted_file_url;
    expect((await fetch(new URL(previewUrl, server.url))).status).toBe(200);
  });

  it('refuses the form without the boxes and the security check', async () => {
    await page.goto(
      `${server.url}/dmca?file_id=${report.id}&filename=${encodeURIComponent(report.file_name)}`,
    );
    await page.waitForSelector('[data-testid="dmca-form"]');
    await expect(page.locator('#filename').inputValue()).resolves.toBe(report.file_name);
    for (const [field, value] of Object.entries(DMCA_FIELDS)) await page.fill(`#${field}`, value);
    await page.click('[data-testid="dmca-submit"]');
    await page.getByText('Please check all the boxes').first().waitFor();
    await page.getByText('Please complete the security check').first().waitFor();
    await shot('dmca-refused');
  });

  it('sends a complaint as a visitor once the boxes are ticked and the check is passed', async () => {
    const boxes = page.locator('[data-testid="dmca-confirmations"] .ant-checkbox-wrapper');
    expect(await boxes.count()).toBe(5);
    for (let i = 0; i < 5; i++) await boxes.nth(i).click();
    expect(await page.locator('[data-testid="dmca-confirmations"] .ant-checkbox-checked').count()).toBe(5);
    await passSecurityCheck(page);
    // The refusals said before are gone once their causes are: no "complete the check" beside "Verified".
    await page.getByText('Please complete the security check').waitFor({ state: 'detached' });
    await page.getByText('Please check all the boxes').waitFor({ state: 'detached' });
    await shot('dmca-filled');
    await page.click('[data-testid="dmca-submit"]');
    await page.waitForSelector('[data-testid="dmca-result"]');
    const shown = await page.locator('[data-testid="dmca-complaint-id"]').innerText();
    complaintId = /\bd_[\w-]+/.exec(shown)?.[0] ?? '';
    expect(complaintId, shown).not.toBe('');
    await shot('dmca-sent');
  });

  it('leads to the console login, which refuses a user and admits the administrator', async () => {
    await page.goto(`${server.url}/admin/dmca`);
    await page.waitForSelector('[data-testid="admin-login-page"]');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.fill('#username', accounts.paid.username);
    await page.fill('#passwd', accounts.paid.password);
    await page.click('[data-testid="admin-login-submit"]');
    await page.waitForSelector('[data-testid="admin-login-error"]');
    await shot('admin-login-refused');
    await logInToConsole(page, server.dataDir, accounts.admin);
    expect(new URL(page.url()).pathname).toBe('/admin/dmca');
  });

  it('accepts the complaint: the report is taken down at once', async () => {
    const row = page.locator(`[data-testid="dmca-row"][data-row-key="${complaintId}"]`);
    await row.waitFor();
    await expect(row.locator('[data-testid="dmca-status"]').getAttribute('data-status')).resolves.toBe(
      'received',
    );
    await row.click();
    await page.waitForSelector('[data-testid="dmca-drawer"]');
    await shot('dmca-drawer');
    await page.click('[data-testid="dmca-accept"]');
    await confirmDialog(page);
    await page
      .locator('[data-testid="dmca-drawer"] [data-testid="dmca-status"][data-status="accepted"]')
      .waitFor();
    await shot('dmca-accepted');

    // The console's files list says so too: taken down instead of ready, with no open link.
    await page.goto(`${server.url}/admin/files?keyword=${report.id}`);
    await page.locator('[data-testid="file-status-taken-down"]').waitFor();
    await page.locator('[data-testid="file-taken-down"]').first().waitFor();
    await shot('files-taken-down');

    // Gone for everyone: search, details, the preview link handed out before, downloads.
    const after = await searchLibrary(server.url, { keyword: '', page_length: 50 });
    expect(after.file_list.map((f) => f.id)).not.toContain(report.id);
    expect((await fileDetail(server.url, report.id)).status).toBe(404);
    expect((await fetch(new URL(previewUrl, server.url))).status).toBe(404);
  });

  it('shows the visitor the report is gone', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    expect(await page.locator(`[data-testid="result-item"][data-file-id="${report.id}"]`).count()).toBe(0);
    await page.goto(`${server.url}/home/file?file=${report.id}`);
    await page.getByText('Page not found').first().waitFor();
    await shot('report-gone');
  });

  it('records the acceptance in the audit log and shows the dashboard', async () => {
    await page.goto(`${server.url}/admin/audit`);
    await page.getByText(complaintId).first().waitFor();
    await shot('audit-log');
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-testid="admin-layout"] canvas');
    await shot('dashboard');
  });

  it('takes a visitor message and lets the administrator mark it handled', async () => {
    const subject = `Question about coverage ${Date.now()}`;
    const admin = await page.context().newPage();
    try {
      await admin.goto(`${server.url}/my/contact-us`);
      await admin.waitForSelector('[data-testid="security-check"]');
      await admin.fill('#subject', subject);
      await admin.fill('#message', 'Do you cover Japanese equities?\nThanks.');
      await admin.fill('#email', 'visitor@example.com');
      await passSecurityCheck(admin);
      await admin.getByRole('button', { name: /send|submit/i }).click();
      await waitForToast(admin, 'sent');
    } finally {
      await admin.close();
    }
    await page.goto(`${server.url}/admin/messages`);
    const row = page.locator('[data-testid="message-row"]', { hasText: subject });
    await row.waitFor();
    await expect(row.getAttribute('data-handled')).resolves.toBe('false');
    await row.locator('[data-testid="message-toggle"]').click();
    await page.locator('[data-testid="message-row"][data-handled="true"]', { hasText: subject }).waitFor();
    await shot('messages');
  });

  it('adds a glossary term in the console: search finds the English reports for it within seconds', async () => {
    // An English word of the library that no glossary term covers, and a Chinese term no report uses.
    const english = await englishWordOutsideGlossary(server.url);
    const chinese = '测绘验收';
    expect((await searchLibrary(server.url, { keyword: chinese })).total_items).toBe(0);

    await page.goto(`${server.url}/admin/glossary`);
    await page.waitForSelector('[data-testid="admin-glossary-page"] [data-testid="glossary-row"]');
    await page.click('[data-testid="glossary-add"]');
    await page.locator('#zh').fill(chinese);
    await page.keyboard.press('Enter');
    await page.locator('#en').fill(english);
    await page.keyboard.press('Enter');
    await page.locator('#domain').click();
    await page.keyboard.type('Sectors');
    await page.keyboard.press('Enter');
    await shot('glossary-add');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });

    await page.locator('[data-testid="admin-glossary-page"] input[type="search"]').fill(chinese);
    await page.keyboard.press('Enter');
    const row = page.locator('[data-testid="glossary-row"][data-origin="added"]', { hasText: chinese });
    await row.waitFor();
    await shot('glossary-added');
    // The server's HTTP workers each reread the glossary within seconds.
    await expect
      .poll(async () => (await searchLibrary(server.url, { keyword: chinese })).also_searched, {
        timeout: 15_000,
      })
      .toEqual([{ language: 'en', terms: [english] }]);
    expect((await searchLibrary(server.url, { keyword: chinese })).total_items).toBeGreaterThan(0);

    // What a reader sees: the English reports, and what else was searched.
    const reader = await page.context().newPage();
    try {
      await reader.goto(`${server.url}/home/file?q=${encodeURIComponent(chinese)}`);
      await waitForResults(reader);
      await expect(reader.locator('[data-testid="also-searched"]').innerText()).resolves.toContain(english);
      await screenshot(reader, 'glossary-search');
    } finally {
      await reader.close();
    }

    // Deleted again, the term no longer widens the search: on every HTTP worker within seconds.
    await row.locator('[data-testid="glossary-delete"]').click();
    await confirmDialog(page);
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await searchLibrary(server.url, { keyword: chinese })).total_items, {
        timeout: 15_000,
      })
      .toBe(0);
  });

  it('shows the console in Chinese: the users table and its menu', async () => {
    await page.goto(`${server.url}/admin/users`);
    await page
      .locator('[data-testid="admin-layout"] .ant-table-row', { hasText: accounts.paid.username })
      .waitFor();
    await expect(usersTableOverflow()).resolves.toBe(0);
    await switchLanguage(page, '中文', 'zh-CN');
    await expect(page.locator('[data-testid="admin-menu"]').innerText()).resolves.toMatch(/用户[\s\S]*文件/);
    await expect(page.locator('[data-testid="admin-layout"] .ant-table-thead').innerText()).resolves.toMatch(
      /[\u4e00-\u9fff]/,
    );
    await expect(usersTableOverflow()).resolves.toBe(0);
    await shot('users-zh');
    await switchLanguage(page, 'English', 'en-US');
  });
});
