import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, logInToConsole, type DemoAccount } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { screenshotter } from './helpers/screenshots';
import type { RunningServer } from './helpers/server';
import { switchLanguage, waitForAnimations } from './helpers/ui';

const SEED_COUNT = 4;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SIDER = '[data-testid="admin-layout"] .ant-layout-sider';
const MENU_BUTTON = '[data-testid="admin-menu-button"]';
const DRAWER = '[data-testid="admin-menu-drawer"]';
const USERS_TABLE = '[data-testid="admin-users-page"] .ant-table-content';

/** How far the page reaches past the window's right edge (0: nothing to scroll sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether the users table is wider than its card and scrolls sideways inside it. */
const tableScrollsInside = (page: Page) =>
  page.locator(USERS_TABLE).evaluate((table) => {
    if (table.scrollWidth <= table.clientWidth) return false;
    table.scrollLeft = table.scrollWidth;
    const moved = table.scrollLeft > 0;
    table.scrollLeft = 0;
    return moved;
  });

describe('the console on a phone (390×844): the menu in a drawer, the users table in its card', () => {
  let server: RunningServer;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  const screenshot = screenshotter('console-phone');
  const shot = async (name: string) => {
    await waitForAnimations(page);
    await screenshot(page, name);
  };

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, page } = journey));
  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
    await page.setViewportSize(PHONE);
  });

  /** Opens the menu drawer from the header's button, and waits until it has slid in. */
  const openMenu = async () => {
    await page.click(MENU_BUTTON);
    await page.locator(DRAWER).waitFor();
    await waitForAnimations(page);
    await expect(page.locator(MENU_BUTTON).getAttribute('aria-expanded')).resolves.toBe('true');
  };

  /** Chooses a page in the open drawer: it navigates there and the drawer closes. */
  const choose = async (label: string, path: string) => {
    await page.locator(`${DRAWER} .ant-menu-item`, { hasText: label }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.locator(DRAWER).waitFor({ state: 'hidden' });
    await expect(page.locator(MENU_BUTTON).getAttribute('aria-expanded')).resolves.toBe('false');
  };

  /** The users page with the paid user's row, its table scrolling inside the card, not the page. */
  const expectUsersPage = async () => {
    await page
      .locator('[data-testid="admin-users-page"] .ant-table-row', { hasText: accounts.paid.username })
      .waitFor();
    await expect(tableScrollsInside(page)).resolves.toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  };

  it('logs in to the console with no side rail, only a menu button in the header', async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-testid="admin-login-page"]');
    await logInToConsole(page, server.dataDir, accounts.admin);
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    expect(await page.locator(SIDER).count()).toBe(0);
    const button = page.locator(MENU_BUTTON);
    await expect(button.getAttribute('aria-label')).resolves.toBe('Open the menu');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('opens the menu in a drawer and goes to the users, whose table scrolls inside its card', async () => {
    await openMenu();
    const drawer = page.locator(DRAWER);
    await expect(drawer.innerText()).resolves.toMatch(
      /Admin console[\s\S]*Dashboard[\s\S]*Users[\s\S]*Files[\s\S]*Audit log/,
    );
    const box = await drawer.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await shot('menu-drawer');
    await choose('Users', '/admin/users');
    await expectUsersPage();
    await shot('users');
  });

  it('does the same in Chinese', async () => {
    await switchLanguage(page, '中文', 'zh-CN');
    await expect(page.locator(MENU_BUTTON).getAttribute('aria-label')).resolves.toBe('打开菜单');
    await openMenu();
    await expect(page.locator(DRAWER).innerText()).resolves.toMatch(/管理后台[\s\S]*仪表盘[\s\S]*用户/);
    await choose('仪表盘', '/admin/dashboard');
    await openMenu();
    await shot('menu-drawer-zh');
    await choose('用户', '/admin/users');
    await expectUsersPage();
    await expect(
      page.locator('[data-testid="admin-users-page"] .ant-table-thead').innerText(),
    ).resolves.toMatch(/[\u4e00-\u9fff]/);
    await shot('users-zh');
    await switchLanguage(page, 'English', 'en-US');
  });

  it('keeps the side bar and its fold button at 1440×900', async () => {
    await page.setViewportSize(DESKTOP);
    await page.locator(SIDER).waitFor();
    await expect(page.locator(`${SIDER} [data-testid="admin-menu"]`).innerText()).resolves.toMatch(
      /Dashboard[\s\S]*Users/,
    );
    const button = page.locator(MENU_BUTTON);
    await expect(button.getAttribute('aria-label')).resolves.toBe('Collapse the menu');
    await shot('desktop');
    await button.click();
    await expect(button.getAttribute('aria-label')).resolves.toBe('Expand the menu');
    await page.waitForSelector(`${SIDER}.ant-layout-sider-collapsed`);
    expect(await page.locator(DRAWER).count()).toBe(0);
    await shot('desktop-collapsed');
  });
});
