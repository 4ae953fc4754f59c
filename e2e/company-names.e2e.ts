import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CompanySearchResponse } from '@rl/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, logInToConsole, useToken, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { searchLibrary } from './helpers/library';
import { CORPUS_REPORTS } from './helpers/my-library';
import { importFolder } from './helpers/import-folder';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForResults, waitForToast } from './helpers/ui';

/** Five brokers' notes on Tencent from the shared corpus: each prints only its English name. */
const TENCENT_NOTES = ['clsa', 'cmbi', 'daiwa', 'jpmorgan', 'nomura'].map((broker) =>
  path.resolve(CORPUS_REPORTS, `../research/en_${broker}_tencent_company.pdf`),
);

/**
 * A Chinese reader names the company in Chinese: on a library whose Tencent notes print only
 * "Tencent", searching 腾讯 finds them and leads to the company's page, and the Company filter
 * offers Tencent for 腾讯.
 */
describe('a company by any of its names: 腾讯 → the Tencent notes → the company page', () => {
  let server: RunningServer;
  let page: Page;
  let folder: string;
  let admin: DemoAccount;
  const shot = screenshotter('company-names');

  useJourney({ seedCount: 4 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'rl-e2e-tencent-'));
    for (const note of TENCENT_NOTES) await symlink(note, path.join(folder, path.basename(note)));
    const out = await importFolder(server.dataDir, folder);
    expect(out).toContain('5 ingested');
    // The notes print the English name only: searched as typed, 腾讯 finds none of them.
    const typed = await searchLibrary(server.url, { keyword: '腾讯', page_id: 1, one_language: true });
    expect(typed.total_items).toBe(0);
    const accounts = await demoAccounts(server.dataDir);
    const { paid } = accounts;
    admin = accounts.admin;
    await page.setViewportSize({ width: 1440, height: 900 });
    await useToken(page, server.url, await apiLogin(server.url, paid), '/home/file');
  }, 300_000);
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('finds the notes by 腾讯 and opens the company page from the results', async () => {
    await page.goto(`${server.url}/home/file?q=${encodeURIComponent('腾讯')}`);
    await waitForResults(page);
    await expect(page.locator(RESULT).count()).resolves.toBeGreaterThanOrEqual(5);
    const banner = page.locator('[data-testid="company-named-banner"]');
    await banner.waitFor();
    await expect(banner.innerText()).resolves.toContain('0700.HK');
    await shot(page, 'search-tencent-zh-name');
    await page.click('[data-testid="company-named-page"]');
    await page.waitForSelector('[data-testid="company-page"]');
    await page.waitForFunction(() => location.pathname.endsWith('/company/0700.HK'));
    await page.getByText('Tencent').first().waitFor();
    await shot(page, 'company-page');
  });

  it('opens the company page at its Chinese name', async () => {
    await page.goto(`${server.url}/home/company/${encodeURIComponent('腾讯控股')}`);
    await page.waitForFunction(() => location.pathname.endsWith('/company/0700.HK'));
    await page.waitForSelector('[data-testid="company-page"]');
    await switchLanguage(page, '中文', 'zh-CN');
    await page.waitForSelector('[data-testid="company-page"]');
    await shot(page, 'company-page-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('offers Tencent in the Company filter for 腾讯', async () => {
    const answer = await fetch(`${server.url}/api/company/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input_content: '腾讯' }),
    });
    const { companies } = (await answer.json()) as CompanySearchResponse;
    expect(companies.map((c) => c.ticker)).toEqual(['0700.HK']);
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.click('[data-testid="filter-company"]');
    await page.keyboard.type('腾讯');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: '0700.HK',
    });
    await option.first().waitFor();
    await shot(page, 'company-filter');
    await option.first().click();
    await page.waitForFunction(() => new URL(location.href).search.includes('ticker'));
    await waitForResults(page);
    await expect(page.locator(RESULT).count()).resolves.toBe(5);
  });

  it('takes a name the administrator gives in the console, in Chinese, on every worker within seconds', async () => {
    await page.goto(`${server.url}/admin/companies`);
    await page.waitForSelector('[data-testid="admin-login-page"]');
    await logInToConsole(page, server.dataDir, admin);
    await page.waitForSelector('[data-testid="admin-companies-page"]');
    await switchLanguage(page, '中文', 'zh-CN');
    await page.fill('[data-testid="company-names-search"] input', '腾讯');
    await page.keyboard.press('Enter');
    const row = page.locator('tr', { hasText: '0700.HK' }).first();
    await row.waitFor();
    await row.locator('[data-testid="company-names-edit"]').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByText('0700.HK 的名称').waitFor();
    await dialog.getByLabel('中文名称').fill('鹅厂');
    await page.keyboard.press('Enter');
    await shot(page, 'console-names-zh');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await waitForToast(page, '名称已保存');
    await switchLanguage(page, 'English', 'en-US');
    // Every HTTP worker rereads the names once it sees them moved (checked every 2 s).
    await expect
      .poll(async () => (await searchLibrary(server.url, { keyword: '鹅厂', page_id: 1 })).total_items, {
        timeout: 15_000,
      })
      .toBe(5);
    const found = await searchLibrary(server.url, { keyword: '鹅厂', page_id: 1 });
    expect(found.company_named?.ticker).toBe('0700.HK');
  });
});
