import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { waitForCode } from './outbox';

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
}

/** The demo accounts the server wrote to DATA_DIR/demo-accounts.txt on its first start. */
export async function demoAccounts(
  dataDir: string,
): Promise<Record<'admin' | 'trial' | 'paid', DemoAccount>> {
  const text = await readFile(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
  const find = (role: string): DemoAccount => {
    const line = text.split('\n').find((l) => l.startsWith(role));
    const [username, email, password] = line?.slice(14).trim().split(/\s+/) ?? [];
    if (!username || !email || !password) throw new Error(`no ${role} in demo-accounts.txt`);
    return { username, email, password };
  };
  return { admin: find('administrator'), trial: find('trial user'), paid: find('paid user') };
}

/** Logs in through the API (a demo user needs no device code) and answers the token. */
export async function apiLogin(baseUrl: string, account: DemoAccount): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fingerprint': 'e2e-api' },
    body: JSON.stringify({ username: account.username, passwd: account.password }),
  });
  const body = (await response.json()) as { token?: string; error_msg?: string };
  if (!body.token) throw new Error(`login of ${account.username} failed: ${body.error_msg}`);
  return body.token;
}

/**
 * Submits the login form and answers the name the navbar shows, once the page has reloaded (the
 * app reloads a second after a login), so that no later navigation races that reload.
 */
export async function submitLoginForm(page: Page): Promise<string> {
  await page.evaluate(() => Object.assign(window, { beforeLoginReload: true }));
  await page.click('[data-testid="login-submit"]');
  await page.waitForFunction(
    () => !('beforeLoginReload' in window) && document.querySelector('[data-testid="navbar-username"]'),
  );
  return page.locator('[data-testid="navbar-username"]').innerText();
}

/** Puts a session token where the web app keeps it, and reloads into it. */
export async function useToken(page: Page, baseUrl: string, token: string | null, pathName = '/home/file') {
  await page.goto(`${baseUrl}/403/not-authorized`);
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
  }, token);
  await page.goto(`${baseUrl}${pathName}`);
}

/**
 * Logs the administrator into the console through its form, on the login page already shown: a
 * browser it never logged in from, so it also enters the code the server sent to the e-mail.
 */
export async function logInToConsole(page: Page, dataDir: string, admin: DemoAccount) {
  const since = new Date(Date.now() - 1000);
  await page.fill('#username', admin.username);
  await page.fill('#passwd', admin.password);
  await page.click('[data-testid="admin-login-submit"]');
  await page.waitForSelector('[data-testid="admin-login-verification"]');
  await page.fill('#code', await waitForCode(dataDir, admin.email, since));
  await page.click('[data-testid="admin-login-submit"]');
  await page.waitForSelector('[data-testid="admin-layout"]');
}

/** Logs an administrator in to the console through the API (the code from the outbox) and answers the token. */
export async function apiConsoleLogin(baseUrl: string, dataDir: string, admin: DemoAccount): Promise<string> {
  const since = new Date(Date.now() - 1000);
  const login = async (code?: string) => {
    const response = await fetch(`${baseUrl}/api/manage/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fingerprint': 'e2e-console-api' },
      body: JSON.stringify({ username: admin.username, passwd: admin.password, ...(code ? { code } : {}) }),
    });
    return (await response.json()) as { token?: string; error_msg?: string };
  };
  const first = await login();
  if (first.token) return first.token;
  const second = await login(await waitForCode(dataDir, admin.email, since));
  if (!second.token) throw new Error(`console login of ${admin.username} failed: ${second.error_msg}`);
  return second.token;
}
