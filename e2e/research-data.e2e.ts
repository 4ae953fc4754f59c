import type { BrokerView, CompanyDetailResponse, CompanySearchResponse } from '@rl/contract';
import { RATING_STEP_LABELS } from '@rl/contract/research-vocabulary';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, logInToConsole, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { searchLibrary } from './helpers/library';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { RESULT, switchLanguage, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 40;

async function postJson<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The demo company most brokers cover, with its latest views as the server answers them. */
async function busiestCompany(baseUrl: string): Promise<CompanyDetailResponse> {
  const { companies } = await postJson<CompanySearchResponse>(baseUrl, '/api/company/search', { limit: 50 });
  const details = await Promise.all(
    companies.map((c) =>
      postJson<CompanyDetailResponse>(baseUrl, '/api/company/detail', { ticker: c.ticker }),
    ),
  );
  const rated = details.filter((d) => d.latest_views.some((v) => v.rating_normalised && v.target_price));
  rated.sort((a, b) => b.latest_views.length - a.latest_views.length);
  expect(rated[0]?.latest_views.length, 'a demo company two brokers cover').toBeGreaterThan(1);
  return rated[0]!;
}

/**
 * An analyst's way through the research data: a company found by name in the filters, its notes
 * narrowed by rating with each call in the list, the company's page (every broker's latest view,
 * the targets over time, the rating mix), and the administrator's correction of a target shown there.
 */
describe('research data: filters → company page → chart → correction', () => {
  let server: RunningServer;
  let page: Page;
  let admin: DemoAccount;
  let company: CompanyDetailResponse;
  let view: BrokerView;
  const shot = screenshotter('research-data');

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    ({ admin } = await demoAccounts(server.dataDir));
    company = await busiestCompany(server.url);
    view = company.latest_views.find((v) => v.rating_normalised && v.target_price)!;
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it("finds the company by name, narrows its notes by rating, and shows each note's call", async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.click('[data-testid="filter-company"]');
    await page.keyboard.type(company.company.ticker.split('.')[0]!);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: company.company.ticker })
      .first()
      .click();
    await page.waitForFunction(() => new URL(location.href).search.includes('ticker'));
    await waitForResults(page);
    const rating = RATING_STEP_LABELS[view.rating_normalised!].en;
    // A multiple choice: the list stays open for more until Escape.
    await page.click('[data-testid="filter-rating"]');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: rating })
      .first()
      .click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => new URL(location.href).search.includes('rating'));
    await waitForResults(page);
    // The list is the server's answer for the company and the rating step (a broker's own word
    // such as "Overweight" shows for the step "Outperform"), each note with its call.
    const answer = await searchLibrary(server.url, {
      keyword: '',
      page_id: 1,
      filter: { ticker: company.company.ticker, rating: [view.rating_normalised!] },
    });
    expect(answer.file_list.length).toBeGreaterThan(0);
    for (const file of answer.file_list)
      expect(file.research?.rating_normalised).toBe(view.rating_normalised);
    const results = page.locator(RESULT);
    await expect(results.count()).resolves.toBe(answer.file_list.length);
    for (const item of await results.all()) {
      await expect(item.locator('[data-testid="company-link"]').first().textContent()).resolves.toContain(
        company.company.ticker,
      );
      await expect(item.locator('[data-testid="result-rating"]').first().textContent()).resolves.not.toBe('');
    }
    await shot(page, 'filtered-by-company-and-rating');
  });

  it("opens the company's page: every broker's latest view, the targets chart, the rating mix", async () => {
    await page.locator(RESULT).first().locator('[data-testid="company-link"]').first().click();
    await page.waitForSelector('[data-testid="company-page"] [data-testid="broker-views"]');
    expect(new URL(page.url()).pathname).toBe(`/home/company/${company.company.ticker}`);
    await expect(page.locator('[data-testid="broker-view"]').count()).resolves.toBe(
      company.latest_views.length,
    );
    await page.waitForSelector('[data-testid="company-chart"] canvas');
    await page.waitForSelector('[data-testid="rating-distribution"]');
    const row = page.locator('[data-testid="broker-view"]', { hasText: view.issuer }).first();
    await expect(row.textContent()).resolves.toContain(RATING_STEP_LABELS[view.rating_normalised!].en);
    await shot(page, 'company-page');

    await switchLanguage(page, '中文', 'zh-CN');
    await expect(row.textContent()).resolves.toContain(RATING_STEP_LABELS[view.rating_normalised!].zh);
    await shot(page, 'company-page-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it("takes the administrator's correction of a target, and the company page shows it", async () => {
    const corrected = Math.round(view.target_price! * 1.5) + 1;
    // The console asks for its own login first, then shows the page asked for.
    await page.goto(`${server.url}/admin/files?keyword=${view.file_id}`);
    await page.waitForSelector('[data-testid="admin-login-page"]');
    await logInToConsole(page, server.dataDir, admin);
    await page.locator('[data-testid="file-edit"]').first().click();
    const row = page.locator('[data-testid="company-row"]', {
      has: page.locator(`[data-testid="company-ticker"][value="${company.company.ticker}"]`),
    });
    const target = row
      .locator('[data-testid="company-target"] input, input[data-testid="company-target"]')
      .first();
    await target.fill(String(corrected));
    await shot(page, 'console-correction');
    await page.click('[data-testid="file-edit-save"]');
    await waitForToast(page, 'Changes saved');

    await page.goto(`${server.url}/home/company/${company.company.ticker}`);
    const view2 = page.locator('[data-testid="broker-view"]', { hasText: view.issuer }).first();
    await view2.waitFor();
    await expect(view2.textContent()).resolves.toContain(corrected.toLocaleString('en-US'));
    await shot(page, 'company-page-corrected');
  });
});
