import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, logInToConsole, useToken, type DemoAccount } from './helpers/accounts';
import { axeViolations, describeViolations } from './helpers/axe';
import { useJourney } from './helpers/journey';
import { reportWithPages } from './helpers/library';
import { WEB_DIST } from './helpers/paths';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import type { RunningServer } from './helpers/server';
import { waitForAnimations, waitForResults } from './helpers/ui';

/**
 * axe-core on every kind of page, in both interface languages: the search page, a report open in
 * the viewer, settings, subscription, upload, stars, the DMCA form and the administrator console.
 * No page may have any violation (critical, serious, moderate or minor), and each has exactly one
 * level-one heading.
 */
const LANGUAGES = ['en-US', 'zh-CN'] as const;
const DESKTOP = { width: 1440, height: 900 };
/** Every screen is audited at both: a wide screen, and a phone (390×844). */
const SIZES = [
  { device: '', size: DESKTOP, label: 'on a wide screen' },
  { device: 'phone', size: { width: 390, height: 844 }, label: 'on a phone (390×844)' },
] as const;
type Language = (typeof LANGUAGES)[number];

interface Screen {
  name: string;
  path: string;
  /** Waits for what the page shows once loaded. */
  ready(page: Page): Promise<void>;
}

const shown = (testId: string) => async (page: Page) => {
  await page.waitForSelector(`[data-testid="${testId}"]`);
};

/** Waits until requests, spinners, skeletons and animations are done. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
  await waitForAnimations(page);
}

/** The violations and heading problems of the page as it is now ('' when none). */
async function audit(page: Page, where: string): Promise<string> {
  const problems = [describeViolations(where, await axeViolations(page))];
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${where}: ${h1} <h1> elements, one expected`);
  return problems.filter(Boolean).join('\n');
}

describe('accessibility: no axe-core violation of any impact, one <h1> per page', () => {
  let server: RunningServer;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  let paidToken: string;
  let reportId: string;

  useJourney({ seedCount: 12 }, (journey) => ({ server, page } = journey));

  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
    paidToken = await apiLogin(server.url, accounts.paid);
    reportId = (await reportWithPages(server.url, 5)).id;
  });

  const userScreens = (): Screen[] => [
    { name: 'search', path: '/home/file', ready: waitForResults },
    {
      name: 'viewer',
      path: `/home/file?file=${reportId}`,
      ready: async (p) => {
        await p.waitForSelector('[data-testid="file-viewer"]');
        await waitForRenderedPage(p, 1);
      },
    },
    { name: 'settings', path: '/my/settings', ready: shown('settings-page') },
    { name: 'subscription', path: '/subscription', ready: shown('subscription-page') },
    { name: 'upload', path: '/my/upload', ready: shown('upload-usage') },
    { name: 'stars', path: '/my/bookmarks', ready: shown('bookmarks-page') },
    { name: 'dmca', path: '/dmca', ready: shown('dmca-page') },
  ];

  const consoleScreens: Screen[] = [
    { name: 'console dashboard', path: '/admin/dashboard', ready: shown('admin-layout') },
    { name: 'console users', path: '/admin/users', ready: shown('admin-layout') },
    { name: 'console files', path: '/admin/files', ready: shown('admin-layout') },
    { name: 'console DMCA', path: '/admin/dmca', ready: shown('admin-layout') },
    { name: 'console messages', path: '/admin/messages', ready: shown('admin-layout') },
    { name: 'console glossary', path: '/admin/glossary', ready: shown('admin-glossary-page') },
    { name: 'console audit log', path: '/admin/audit', ready: shown('admin-layout') },
  ];

  async function useLanguage(language: Language): Promise<void> {
    if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/403/not-authorized`);
    await page.evaluate((value) => localStorage.setItem('locale', value), language);
  }

  async function auditScreens(screens: Screen[], language: Language, device = ''): Promise<string[]> {
    const found: string[] = [];
    for (const screen of screens) {
      const response = await page.goto(`${server.url}${screen.path}`);
      expect(response?.status(), `${screen.path}\n${server.log.slice(-5).join('\n')}`).toBe(200);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      await screen.ready(page);
      await settle(page);
      found.push(await audit(page, [language, device, screen.name].filter(Boolean).join(' ')));
    }
    return found.filter(Boolean);
  }

  /** Runs `run` with the page at `size`, and leaves it at the wide screen's size again. */
  async function atSize<T>(size: typeof DESKTOP, run: () => Promise<T>): Promise<T> {
    await page.setViewportSize(size);
    try {
      return await run();
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  }

  for (const { device, size, label } of SIZES) {
    for (const language of LANGUAGES) {
      it(`${language}: the user app ${label}, as a visitor on the search page and as a paid user everywhere`, async () => {
        const found = await atSize(size, async () => {
          await useToken(page, server.url, null);
          await useLanguage(language);
          const visitor = await auditScreens(userScreens().slice(0, 1), language, device);
          await useToken(page, server.url, paidToken);
          return [...visitor, ...(await auditScreens(userScreens(), language, device))];
        });
        expect(found.join('\n')).toBe('');
      });
    }
  }

  it("the search page loads neither the viewer nor antd's Table, until a report is opened", async () => {
    const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string }
    >;
    const viewer = manifest['src/pages/home/file/viewer/file-viewer.tsx']?.file;
    const table = Object.values(manifest).find((chunk) => chunk.name === 'Table')?.file;
    expect(viewer && table).toBeTruthy();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await useToken(page, server.url, null);
    await waitForResults(page);
    await settle(page);
    expect(requested).not.toContain(`/${viewer}`);
    expect(requested).not.toContain(`/${table}`);
    await page.locator('[data-testid="result-item"]').first().click();
    await page.waitForSelector('[data-testid="file-viewer"]');
    expect(requested).toContain(`/${viewer}`);
  });

  it('the console login page, in both languages', async () => {
    const found: string[] = [];
    for (const language of LANGUAGES) {
      await useLanguage(language);
      found.push(
        ...(await auditScreens(
          [{ name: 'console login', path: '/admin/login', ready: shown('admin-login-page') }],
          language,
        )),
      );
    }
    expect(found.join('\n')).toBe('');
  });

  it('the console, in both languages, on a wide screen and on a phone', async () => {
    await useLanguage('en-US');
    await page.goto(`${server.url}/admin/login`);
    await page.waitForSelector('[data-testid="admin-login-page"]');
    await logInToConsole(page, server.dataDir, accounts.admin);

    const found: string[] = [];
    for (const { device, size } of SIZES) {
      for (const language of LANGUAGES) {
        await useLanguage(language);
        found.push(...(await atSize(size, () => auditScreens(consoleScreens, language, device))));
      }
    }
    expect(found.join('\n')).toBe('');
  });
});
