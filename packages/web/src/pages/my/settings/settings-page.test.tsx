import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, type } from '../../../components/auth-modal/auth-test-helpers';
import { applyLocale } from '../../../locale/i18n';
import { applyInterfaceLocale } from '../../../locale/switch-locale';
import { useAdminSessionStore } from '../../../stores/admin-session-store';
import { useAppSettingsStore } from '../../../stores/app-settings-store';
import { useAuthModalStore } from '../../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../../stores/subscription-modal-store';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { accountKeys } from '../../../api/account-api';
import { registerCatalogueHandler } from '../../../api/catalogue-handler';
import type { CatalogueAction } from '../../../api/error-catalogue';
import { queryClient } from '../../../api/query-client';
import { SettingsPage } from './settings-page';
import { browserTimeZone } from './time-zones';

const health = (configured: boolean) => ({
  body: {
    status: 'ok',
    version: '0.1.0',
    uptime_s: 5,
    database: 'ok',
    database_dialect: 'sqlite',
    database_latency_ms: 0.1,
    files: { ready: 3, processing: 0, failed: 0 },
    jobs: { queued: 0, running: 0, failed: 0, oldest_queued_s: null },
    llm_configured: configured,
  },
});

const records = {
  body: {
    records: [
      {
        id: 'r1',
        item_name: 'Institutional plan, 1 month',
        plan: 'paid_v0',
        price_cny: 700,
        purchase_time: '2025-03-04T10:00:00Z',
        expire_time: '2025-04-04T10:00:00Z',
      },
    ],
  },
};

function logIn(overrides: Parameters<typeof buildUserInfo>[0] = {}) {
  useUserStore.setState({ token: 'tok', user: buildUserInfo(overrides) });
}

describe('settings page', () => {
  beforeEach(() => useAuthModalStore.setState({ visible: false }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    useAppSettingsStore.getState().setLanguage('en-US');
    applyLocale('en-US');
    // The counts one test asked for are not the next one's.
    queryClient.clear();
  });

  it('asks a visitor to log in', async () => {
    renderWithApp(<SettingsPage />);
    await click(screen.getByTestId('settings-login'));
    expect(useAuthModalStore.getState().visible).toBe(true);
  });

  it("shows what is left of the day's and the month's downloads beside the plan's limits", async () => {
    recordFetch({
      '/api/user/quota': {
        body: { download_quota: 7, download_day_quota: 7, download_month_quota: 88 },
      },
      '/api/user/subscriptions': { body: { records: [] } },
    });
    logIn({ plan: 'paid_v0', user_level: 'paid_v0' });
    renderWithApp(<SettingsPage />);
    const row = async (key: string) =>
      waitFor(() => {
        const li = screen.getByTestId('quota-list').querySelector(`[data-quota="${key}"]`);
        expect(li).toBeTruthy();
        return li!.textContent;
      });
    expect(await row('download_day_quota')).toBe("Today's downloads7 of 10");
    expect(await row('download_month_quota')).toBe("This month's downloads88 of 100");
    expect(screen.getByTestId('quota-list').querySelector('[data-quota="download_quota"]')).toBeNull();
  });

  it('says a free plan has no downloads, and an administrator what plan they are on', async () => {
    recordFetch({
      '/api/user/quota': { body: { download_quota: 0, download_day_quota: 0, download_month_quota: 0 } },
      '/api/user/subscriptions': { body: { records: [] } },
    });
    logIn({ plan: 'trial', user_level: 'trial', role: ['admin', 'user'] });
    renderWithApp(<SettingsPage />);
    expect(screen.getByTestId('account-plan').textContent).toBe('Free plan · administrator');
    await waitFor(() =>
      expect(
        screen.getByTestId('quota-list').querySelector('[data-quota="download_month_quota"] strong')
          ?.textContent,
      ).toBe('Not on your plan'),
    );
    try {
      await act(() => applyInterfaceLocale('zh-CN'));
      await waitFor(() => expect(screen.getByTestId('account-plan').textContent).toBe('免费版 · 管理员'));
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
  });

  it('shows the account, the plan, quotas with ∞ for unlimited, and the records', async () => {
    recordFetch({
      '/api/user/quota': {
        body: { report_quota: -1, search_quota: -1, translate_quota: 87, download_quota: 9 },
      },
      '/api/user/subscriptions': records,
    });
    logIn({ plan: 'paid_v0', user_level: 'paid_v0', user_level_expire_time: '2025-04-04T10:00:00Z' });
    renderWithApp(<SettingsPage />);
    const account = screen.getByTestId('account-section');
    expect(within(account).getByText('ann_analyst')).toBeTruthy();
    expect(within(account).getByText('ann@example.com')).toBeTruthy();
    expect(screen.getByTestId('account-plan').textContent).toBe('Institutional plan');
    expect(within(account).getByText('2025-04-04')).toBeTruthy();
    await waitFor(() => {
      const quota = screen.getByTestId('quota-list');
      expect(quota.querySelector('[data-quota="report_quota"] strong')?.textContent).toBe('∞');
    });
    expect(
      screen.getByTestId('quota-list').querySelector('[data-quota="translate_quota"] strong')?.textContent,
    ).toBe('87');
    const table = screen.getByTestId('subscription-records');
    expect(await within(table).findByText('Institutional plan, 1 month')).toBeTruthy();
    // The amount paid for the period, never read as a monthly price.
    expect(within(table).getByText('¥700 in total')).toBeTruthy();
    expect(within(table).queryByText(/ \/ month/)).toBeNull();
    expect(within(table).getByText('2025-03-04')).toBeTruthy();

    await click(screen.getByTestId('renew-plan'));
    expect(useSubscriptionModalStore.getState().visible).toBe(true);
    useSubscriptionModalStore.getState().close();
  });

  it('says whether an AI model is configured, and the daily AI budget of the plan', async () => {
    queryClient.removeQueries({ queryKey: accountKeys.health });
    recordFetch({
      '/api/health': health(false),
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
    });
    logIn();
    const { unmount } = renderWithApp(<SettingsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('ai-service-status').getAttribute('data-configured')).toBe('false'),
    );
    const section = screen.getByTestId('ai-service');
    expect(section.textContent).toContain('No AI model is configured on this server');
    expect(section.textContent).toContain('Chinese translation is not available');
    // Without a model nothing spends tokens: no budget to show.
    expect(section.textContent).not.toContain('Daily AI budget');
    unmount();

    queryClient.removeQueries({ queryKey: accountKeys.health });
    recordFetch({
      '/api/health': health(true),
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
    });
    logIn({ plan: 'paid_v0', user_level: 'paid_v0', user_level_expire_time: '2099-01-01T00:00:00Z' });
    renderWithApp(<SettingsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('ai-service-status').getAttribute('data-configured')).toBe('true'),
    );
    expect(screen.getByTestId('ai-service').textContent).toContain(
      '2,500,000 input and 1,250,000 output tokens',
    );
    queryClient.removeQueries({ queryKey: accountKeys.health });
  });

  it('saves the website settings and applies the date format at once', async () => {
    const server = recordFetch({
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
      '/api/user/settings': (call) => ({ body: { settings: { ...buildUserInfo().settings, ...call.body } } }),
    });
    logIn();
    renderWithApp(<SettingsPage />);
    const table = screen.getByTestId('subscription-records');
    expect(await within(table).findByText('2025-03-04')).toBeTruthy();

    await click(screen.getByLabelText('Title only'));
    await click(screen.getByLabelText('Decimal (KB, MB, GB; 1 MB = 1000 KB)'));
    fireEvent.mouseDown(screen.getByLabelText('Date format'));
    await click(await screen.findByTitle('DD/MM/YYYY (14/03/2025)'));
    await click(screen.getByTestId('settings-save'));

    await waitFor(() => expect(server.to('/api/user/settings')).toHaveLength(1));
    expect(server.to('/api/user/settings')[0]?.body).toEqual({
      language: 'en',
      show_summary: true,
      search_preference: 'title_only',
      date_format: 'DD/MM/YYYY',
      measurement_unit: 'decimal',
    });
    expect(await within(table).findByText('04/03/2025')).toBeTruthy();
    expect(useUserStore.getState().user?.settings.measurement_unit).toBe('decimal');
  });

  it('saves the digest: a frequency and the browser’s time zone until one is chosen', async () => {
    const server = recordFetch({
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
      '/api/user/settings': (call) => ({
        body: { settings: { ...buildUserInfo().settings, ...call.body } },
      }),
    });
    logIn({ plan: 'paid_v0', user_level: 'paid_v0', user_level_expire_time: '2099-01-01T00:00:00Z' });
    renderWithApp(<SettingsPage />);
    const section = screen.getByTestId('digest-settings');
    expect((within(section).getByLabelText('Weekly') as HTMLInputElement).checked).toBe(true);
    expect(section.textContent).toContain('Taken from this browser');
    await click(within(section).getByLabelText('Daily'));
    await click(screen.getByTestId('digest-save'));
    await waitFor(() => expect(server.to('/api/user/settings')).toHaveLength(1));
    expect(server.to('/api/user/settings')[0]?.body).toEqual({
      language: 'en',
      digest: 'daily',
      time_zone: browserTimeZone(),
    });
    await waitFor(() => expect(useUserStore.getState().user?.settings.digest).toBe('daily'));
    // The website settings' own Save sends none of the digest's fields.
    await click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.to('/api/user/settings')).toHaveLength(2));
    expect(Object.keys(server.to('/api/user/settings')[1]!.body!)).not.toContain('digest');
  });

  it('a daily digest on the free plan is marked for the institutional plan and meets its wall', async () => {
    const server = recordFetch({
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
      '/api/user/settings': {
        status: 403,
        body: {
          code: 'quota_exceeded',
          reason: 'digest_frequency',
          error_msg: 'The free plan sends the digest weekly.',
        },
      },
    });
    const actions: CatalogueAction[] = [];
    const unregister = registerCatalogueHandler((action) => actions.push(action));
    try {
      logIn();
      renderWithApp(<SettingsPage />);
      const section = screen.getByTestId('digest-settings');
      await click(within(section).getByLabelText('Daily (institutional plan)'));
      await click(screen.getByTestId('digest-save'));
      const walls = () => actions.filter((action) => action.kind === 'openSubscription');
      await waitFor(() => expect(walls()).toHaveLength(1));
      expect(walls()[0]).toMatchObject({ wall: { reason: 'digest_frequency' } });
      expect(server.to('/api/user/settings')).toHaveLength(1);
      expect(useUserStore.getState().user?.settings.digest).toBe('weekly');
    } finally {
      unregister();
    }
  });

  it('Cancel restores the saved settings', async () => {
    const server = recordFetch({ '/api/user/quota': { body: {} }, '/api/user/subscriptions': records });
    logIn();
    renderWithApp(<SettingsPage />);
    const titleOnly = screen.getByLabelText('Title only') as HTMLInputElement;
    await click(titleOnly);
    expect(titleOnly.checked).toBe(true);
    await click(screen.getByTestId('settings-cancel'));
    expect((screen.getByLabelText('Relevance') as HTMLInputElement).checked).toBe(true);
    expect(server.to('/api/user/settings')).toHaveLength(0);
  });

  it('replaces the e-mail with a code sent to the new address', async () => {
    const server = recordFetch({
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
      '/api/user/email_code': { body: { sent_to: 'n***@example.com', resend_after_s: 60 } },
      '/api/user/email': { body: { user_info: buildUserInfo({ email: 'new@example.com' }) } },
    });
    logIn();
    renderWithApp(<SettingsPage />);
    await click(screen.getByTestId('account-email'));
    const dialog = await screen.findByTestId('change-email-dialog');
    type('New e-mail address', 'bad@');
    await click(within(dialog).getByTestId('send-code'));
    expect(await screen.findByText(/Please enter a valid e-mail address/)).toBeTruthy();
    expect(server.to('/api/user/email_code')).toHaveLength(0);

    type('New e-mail address', ' New@Example.com ');
    await click(within(dialog).getByTestId('send-code'));
    expect(server.to('/api/user/email_code')[0]?.body).toEqual({
      email: 'new@example.com',
      purpose: 'change_email',
    });
    type('Verification code', '123456');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useUserStore.getState().user?.email).toBe('new@example.com'));
    expect(server.to('/api/user/email')[0]?.body).toEqual({ email: 'new@example.com', code: '123456' });
  });

  it('changes the password with the checklist, says other sessions were signed out, drops the console token', async () => {
    const server = recordFetch({
      '/api/user/quota': { body: {} },
      '/api/user/subscriptions': records,
      '/api/user/psw': { body: { user_info: buildUserInfo() } },
    });
    logIn();
    const consoleAdmin = {
      id: 'u_admin',
      username: 'ann',
      email: 'ann@example.com',
      role: ['admin', 'user'],
    };
    useAdminSessionStore.getState().setSession('console-token', consoleAdmin, '2099-01-01T00:00:00Z');
    renderWithApp(<SettingsPage />);
    await click(screen.getByTestId('account-password'));
    const dialog = await screen.findByTestId('change-password-dialog');
    type('Current password', 'OldSecret1');
    type('New password', 'weak');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('8 to 32 characters with upper- and lowercase letters')).toBeTruthy();
    expect(server.to('/api/user/psw')).toHaveLength(0);
    type('New password', 'NewSecret1');
    await click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Password changed. Your other sessions, the admin console included, have been signed out.',
      ),
    ).toBeTruthy();
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(server.to('/api/user/psw')[0]?.body).toEqual({ old_passwd: 'OldSecret1', passwd: 'NewSecret1' });
  });
});
