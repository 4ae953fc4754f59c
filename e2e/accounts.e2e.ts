import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, submitLoginForm, useToken, type DemoAccount } from './helpers/accounts';
import { searchLibrary } from './helpers/library';
import { waitForCode } from './helpers/outbox';
import { screenshotter } from './helpers/screenshots';
import { useJourney } from './helpers/journey';
import type { RunningServer } from './helpers/server';
import { closeDialogWithEscape, waitForAnimations, waitForResults, waitForToast } from './helpers/ui';

const SEED_COUNT = 12;
const MODAL = '.rl-auth-modal';
const SIGNUP = '[data-testid="signup-form"]';

async function openSignup(page: Page): Promise<void> {
  await page.click('[data-testid="login-button"]');
  await page.waitForSelector('[data-testid="login-form"]');
  // A click while the dialog still zooms in can land beside the moving button, on the mask.
  await waitForAnimations(page);
  await page.click('[data-testid="auth-mode-toggle"]');
  await page.waitForSelector(SIGNUP);
}

/** Logs in through the modal, as `submitLoginForm`. */
async function loginInModal(page: Page, identifier: string, password: string, username: string) {
  await page.fill('#login_identifier', identifier);
  await page.fill('#login_passwd', password);
  expect(await submitLoginForm(page)).toBe(username);
}

describe('accounts, global variant: e-mail signup, login, verification, plans', () => {
  let server: RunningServer;
  let page: Page;
  let accounts: Record<'admin' | 'trial' | 'paid', DemoAccount>;
  const shot = screenshotter('accounts');

  useJourney({ seedCount: SEED_COUNT }, (journey) => ({ server, page } = journey));
  beforeAll(async () => {
    accounts = await demoAccounts(server.dataDir);
  });

  it('refuses a bad form without asking the server, and checks the password live', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await openSignup(page);
    let signupCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/user/email_signup')) signupCalls++;
    });
    await page.fill(`${SIGNUP} #email`, 'not-an-email');
    await page.fill(`${SIGNUP} #username`, 'ab');
    await page.fill(`${SIGNUP} #passwd`, 'short');
    await page.click('[data-testid="signup-submit"]');
    await page.waitForSelector(`${SIGNUP} .ant-form-item-explain-error`);
    const errors = await page.locator(`${SIGNUP} .ant-form-item-explain-error`).allInnerTexts();
    expect(errors.length).toBeGreaterThanOrEqual(3);
    const checklist = await page.locator('[data-testid="password-checklist"]').innerText();
    expect(checklist).toMatch(/8/);
    await shot(page, 'signup-errors');
    expect(signupCalls).toBe(0);
    await closeDialogWithEscape(page);
  });

  it('signs up with an e-mail code from the outbox, then logs in without a device code', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await openSignup(page);
    const email = 'Ana.Analyst@Example.com';
    const since = new Date(Date.now() - 1000);
    await page.fill(`${SIGNUP} #email`, email);
    await page.click(`${SIGNUP} [data-testid="send-code"]`);
    const code = await waitForCode(server.dataDir, email.toLowerCase(), since);
    // The button counts down from 60 s.
    await expect(page.locator(`${SIGNUP} [data-testid="send-code"]`).isDisabled()).resolves.toBe(true);
    await page.fill(`${SIGNUP} #code`, code);
    await page.fill(`${SIGNUP} #username`, 'ana_analyst');
    await page.fill(`${SIGNUP} #passwd`, 'Research2026');
    await page.click('[data-testid="signup-submit"]');
    await page.waitForSelector('[data-testid="signup-success"]');
    await expect(page.locator('[data-testid="signup-success"]').innerText()).resolves.toContain(
      'Sign up successfully',
    );
    await shot(page, 'signup-success');
    await page.click('[data-testid="go-to-login"]');
    await page.waitForSelector('[data-testid="login-form"]');
    // The e-mail is matched whatever its case; the signup browser is a known device.
    await loginInModal(page, ` ${email} `, 'Research2026', 'ana_analyst');
    await expect(page.locator('[data-testid="navbar-plan"]').innerText()).resolves.toBe('Free plan');
    expect(await page.evaluate(() => localStorage.getItem('login-config') ?? '')).not.toContain(
      'Research2026',
    );
    await shot(page, 'logged-in');
  });

  it('logs out from the user menu', async () => {
    await page.click('[data-testid="user-menu"]');
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item-danger').click();
    await page.waitForSelector(MODAL);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await closeDialogWithEscape(page);
    await page.waitForSelector('[data-testid="login-button"]');
  });

  it('asks a new device for the code the server sent, and logs in with it', async () => {
    const admin = accounts.admin;
    await page.goto(`${server.url}/home/file`);
    await page.click('[data-testid="login-button"]');
    const since = new Date(Date.now() - 1000);
    await page.fill('#login_identifier', admin.username);
    await page.fill('#login_passwd', 'Wrong-password-1');
    await page.click('[data-testid="login-submit"]');
    // A wrong password is one generic message, no code asked.
    await waitForToast(page, 'Incorrect username or password');
    expect(await page.locator('[data-testid="verification-message"]').count()).toBe(0);
    await page.fill('#login_passwd', admin.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForSelector('[data-testid="verification-message"]');
    await expect(page.locator('[data-testid="verification-message"]').innerText()).resolves.toContain(
      'verification code',
    );
    await shot(page, 'need-verification');
    const code = await waitForCode(server.dataDir, admin.email, since);
    await page.fill('#login_code', code);
    expect(await submitLoginForm(page)).toBe(admin.username);
  });

  it('opens the plans when the free search quota is spent; subscribing says to contact an administrator', async () => {
    const token = await apiLogin(server.url, accounts.trial);
    for (let i = 0; i < 30; i++) {
      const response = await fetch(`${server.url}/api/user/consumption`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'search' }),
      });
      expect(response.status).toBe(200);
    }
    await useToken(page, server.url, token);
    await waitForResults(page);
    await page.fill('[data-testid="keyword-search"] input', 'market');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.rl-subscription-modal');
    await shot(page, 'quota-spent');
    await page.click('.rl-subscription-modal [data-testid="plan-paid_v0-button"]');
    await waitForToast(page, 'contact an administrator');
    await page.waitForSelector('.rl-subscription-modal', { state: 'hidden' });
  });

  it('keeps a free user from reports newer than a year but not from today', async () => {
    const all = await searchLibrary(server.url, { keyword: '', page_length: 100 });
    const today = new Date().toISOString().slice(0, 10);
    const blocked = all.file_list.find((f) => f.publish_date && f.publish_date !== today);
    expect(blocked).toBeDefined();
    await page.goto(`${server.url}/home/file?file=${blocked!.id}`);
    // The viewer says why in place of the PDF (the file-age rule and the day it opens); no modal.
    await page.waitForSelector(
      '[data-testid="blocked-preview"] [data-testid="wall-notice"][data-reason="file_age"]',
    );
    expect(await page.locator('.rl-subscription-modal:visible').count()).toBe(0);
    expect(await page.locator('[data-testid="pdf-preview"] canvas').count()).toBe(0);
  });

  it('lets a paid user open the same report, and shows plan and quotas in the settings', async () => {
    const token = await apiLogin(server.url, accounts.paid);
    await useToken(page, server.url, token, '/my/settings');
    await page.waitForSelector('text=Institutional plan');
    await expect(page.locator('body').innerText()).resolves.toContain('∞');
    await shot(page, 'settings-paid');
  });
});

describe('accounts, cn variant: mobile signup and the ICP line', () => {
  let server: RunningServer;
  let page: Page;
  const shot = screenshotter('accounts-cn');
  const ICP = '京ICP备12345678号';

  useJourney(
    { seedCount: 4, env: { DEPLOY_VARIANT: 'cn', ICP_LICENSE: ICP } },
    (journey) => ({ server, page } = journey),
  );

  it('signs up with a mobile number and an SMS code, then logs in with the number', async () => {
    await page.goto(`${server.url}/home/file`);
    await waitForResults(page);
    await page.click('[data-testid="login-button"]');
    await page.waitForSelector('[data-testid="icp-line"]');
    await expect(page.locator('[data-testid="icp-line"]').innerText()).resolves.toContain(ICP);
    await shot(page, 'login-icp');
    await page.click('[data-testid="auth-mode-toggle"]');
    await page.waitForSelector(SIGNUP);
    const since = new Date(Date.now() - 1000);
    await page.fill(`${SIGNUP} #phone`, '138 0013 8000');
    await page.click(`${SIGNUP} [data-testid="send-code"]`);
    const code = await waitForCode(server.dataDir, '8613800138000', since);
    await page.fill(`${SIGNUP} #code`, code);
    await page.fill(`${SIGNUP} #passwd`, 'Mobile2026x');
    await page.click('[data-testid="signup-submit"]');
    await page.waitForSelector('[data-testid="signup-success"]');
    await shot(page, 'signup-success');
    await page.click('[data-testid="go-to-login"]');
    await page.waitForSelector('[data-testid="login-form"]');
    await page.fill('#login_identifier', '13800138000');
    await page.fill('#login_passwd', 'Mobile2026x');
    expect(await submitLoginForm(page)).toContain('13800138000');
  });
});
