import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale, loadLocale } from '../../locale/i18n';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { resetSiteStore } from '../../stores/site-store';
import { useUserStore } from '../../stores/user-store';
import { recordFetch } from '../../test/fetch-recorder';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { reloadPage } from '../../utils/reload-page';
import { click, type } from './auth-test-helpers';
import { AuthModal } from './auth-modal';

vi.mock('../../utils/reload-page', () => ({ reloadPage: vi.fn() }));

const site = (deploy_variant: 'global' | 'cn', icp_license: string | null = null) => ({
  body: { deploy_variant, icp_license, translation_available: false },
});
const loggedIn = { body: { token: 'tok-1', user_info: buildUserInfo() } };

function open() {
  useAuthModalStore.setState({ visible: true, mode: 'login', reason: null });
  renderWithApp(<AuthModal />);
}

describe('login form', () => {
  beforeEach(() => {
    resetSiteStore();
    useUserStore.setState({ token: null, user: null });
    vi.mocked(reloadPage).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires the identifier and the password, and sends nothing without them', async () => {
    const server = recordFetch({ '/api/pub/site': site('global') });
    open();
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(server.to('/api/user/login')).toHaveLength(0);
  });

  it('labels the identifier by variant and shows the ICP line in cn only', async () => {
    recordFetch({ '/api/pub/site': site('cn', '京ICP备12345678号') });
    open();
    expect(await screen.findByLabelText('Username, e-mail or mobile')).toBeTruthy();
    expect(screen.getByTestId('icp-line').textContent).toBe('京ICP备12345678号');
  });

  it('sends an e-mail identifier trimmed and lower-cased, then reloads after Login Success', async () => {
    const server = recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': loggedIn,
      '/api/user/info': loggedIn,
    });
    open();
    expect(await screen.findByLabelText('Username or e-mail')).toBeTruthy();
    expect(screen.queryByTestId('icp-line')).toBeNull();
    type('Username or e-mail', '  Ann@Example.COM ');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(vi.mocked(reloadPage)).toHaveBeenCalled(), { timeout: 3000 });
    const [call] = server.to('/api/user/login');
    expect(call?.body).toEqual({ email: 'ann@example.com', passwd: 'Secret123' });
    expect(call?.headers.get('X-Fingerprint')).toMatch(/^[0-9a-f]{64}$/);
    expect(screen.getByText('Login Success')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(server.to('/api/user/info')).toHaveLength(1);
  });

  it('sends anything else trimmed as a username', async () => {
    const server = recordFetch({ '/api/pub/site': site('global'), '/api/user/login': { status: 400 } });
    open();
    type('Username or e-mail', ' ann_analyst ');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Login error, refresh and try again')).toBeTruthy();
    expect(server.to('/api/user/login')[0]?.body).toEqual({ username: 'ann_analyst', passwd: 'Secret123' });
  });

  it('shows the server message on failure and clears the stored token', async () => {
    localStorage.setItem('token', 'old');
    useUserStore.setState({ token: 'old' });
    recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': {
        status: 400,
        body: { error_msg: 'Wrong username or password', code: 'invalid_credentials' },
      },
    });
    open();
    type('Username or e-mail', 'ann');
    type('Password', 'nope');
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Wrong username or password')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(vi.mocked(reloadPage)).not.toHaveBeenCalled();
  });

  it('asks for the code when the server needs verification, with its message and rules', async () => {
    const server = recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': (call) =>
        call.body?.code
          ? loggedIn
          : {
              status: 400,
              body: {
                error_msg: 'Enter the verification code we sent to j***@example.com',
                code: 'verification_required',
                need_verification: true,
              },
            },
      '/api/user/info': loggedIn,
    });
    open();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    type('Username or e-mail', 'ann');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Enter the verification code we sent to j***@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('autocomplete')).toBe('one-time-code');

    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();
    for (const bad of ['12345', '12a456']) {
      type('Verification code', bad);
      await click(screen.getByTestId('login-submit'));
      expect(await screen.findByText('The code has at least 6 digits')).toBeTruthy();
    }
    expect(server.to('/api/user/login')).toHaveLength(1);

    type('Verification code', '1234567');
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(vi.mocked(reloadPage)).toHaveBeenCalled(), { timeout: 3000 });
    expect(server.to('/api/user/login')[1]?.body).toEqual({
      username: 'ann',
      passwd: 'Secret123',
      code: '1234567',
    });
  });

  it(
    "says in the reader's language that many logins failed on the account, and asks for the code",
    { timeout: 20_000 },
    async () => {
      const server = recordFetch({
        '/api/pub/site': site('global'),
        '/api/user/login': {
          status: 400,
          body: {
            error_msg: 'server text',
            code: 'many_failed_logins',
            need_verification: true,
            field: 'code',
          },
        },
      });
      open();
      type('Username or e-mail', 'ann');
      type('Password', 'Secret123');
      await click(screen.getByTestId('login-submit'));
      expect((await screen.findByTestId('verification-message')).textContent).toContain(
        'Many failed logins were made on this account recently. If your password is right',
      );
      // Asking for a code is information; a wrong code is an error.
      expect(screen.getByTestId('verification-message').className).toContain('ant-alert-info');
      type('Verification code', '123456');
      await click(screen.getByTestId('login-submit'));
      await waitFor(() =>
        expect(screen.getByTestId('verification-message').textContent).toContain(
          'the password or the verification code is wrong',
        ),
      );
      expect(screen.getByTestId('verification-message').className).toContain('ant-alert-error');
      try {
        await loadLocale('zh-CN');
        await act(async () => applyLocale('zh-CN'));
        await click(screen.getByTestId('login-submit'));
        await waitFor(() =>
          expect(screen.getByTestId('verification-message').textContent).toBe(
            '此账户近期有多次登录失败：密码或验证码错误。',
          ),
        );
      } finally {
        await act(async () => applyLocale('en-US'));
      }
      expect(server.to('/api/user/login')).toHaveLength(3);
      expect(vi.mocked(reloadPage)).not.toHaveBeenCalled();
    },
  );

  it('tells when to try again after too many attempts from here', async () => {
    recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': {
        status: 429,
        body: { code: 'too_many_requests', retry_after_s: 900 },
      },
    });
    open();
    type('Username or e-mail', 'ann');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Too many login attempts; please try again in 15 min')).toBeTruthy();
  });

  it.each([
    ['global', 'an e-mail', 'Ann@Example.com', { email: 'ann@example.com' }],
    ['global', 'a username', ' ann_analyst ', { username: 'ann_analyst' }],
    ['cn', 'a mobile number', '138 0013 8000', { username: '138 0013 8000' }],
  ] as const)(
    're-sends the login code (%s variant, %s) by repeating the login without a code, never through the code calls',
    async (variant, _kind, identifier, identity) => {
      const server = recordFetch({
        '/api/pub/site': site(variant),
        '/api/user/login': {
          status: 400,
          body: { error_msg: 'Enter the code', code: 'verification_required', need_verification: true },
        },
      });
      open();
      const label = variant === 'cn' ? 'Username, e-mail or mobile' : 'Username or e-mail';
      await screen.findByLabelText(label);
      type(label, identifier);
      type('Password', 'Secret123');
      await click(screen.getByTestId('login-submit'));
      await click(await screen.findByTestId('send-code'));
      await waitFor(() => expect(server.to('/api/user/login')).toHaveLength(2));
      expect(server.to('/api/user/login')[1]?.body).toEqual({ ...identity, passwd: 'Secret123' });
      expect(server.to('/api/user/email_code')).toHaveLength(0);
      expect(server.to('/api/user/sms_code')).toHaveLength(0);
      expect(screen.getByTestId('send-code').textContent).toBe('Resend in 60 s');
    },
  );

  it('shows why a resend was refused (too many attempts) and keeps the form', async () => {
    let calls = 0;
    recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': () =>
        ++calls === 1
          ? {
              status: 400,
              body: { error_msg: 'Enter the code', code: 'verification_required', need_verification: true },
            }
          : { status: 429, body: { code: 'too_many_requests', retry_after_s: 900 } },
    });
    open();
    type('Username or e-mail', 'ann@example.com');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    await click(await screen.findByTestId('send-code'));
    expect(await screen.findByText('Too many login attempts; please try again in 15 min')).toBeTruthy();
    expect(screen.getByTestId('verification-message')).toBeTruthy();
  });

  it('remember password keeps the username only, never the password', async () => {
    localStorage.setItem(
      'login-config',
      JSON.stringify({ rememberPassword: true, username: 'old_name', password: 'Leaked123' }),
    );
    recordFetch({
      '/api/pub/site': site('global'),
      '/api/user/login': loggedIn,
      '/api/user/info': loggedIn,
    });
    open();
    const identifier = (await screen.findByLabelText('Username or e-mail')) as HTMLInputElement;
    expect(identifier.value).toBe('old_name');
    expect(identifier.getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    expect(localStorage.getItem('login-config')).not.toContain('Leaked123');

    type('Username or e-mail', 'ann_analyst');
    type('Password', 'Secret123');
    await click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(vi.mocked(reloadPage)).toHaveBeenCalled(), { timeout: 3000 });
    expect(JSON.parse(localStorage.getItem('login-config')!)).toEqual({
      rememberPassword: true,
      username: 'ann_analyst',
    });
    const everything = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key))
      .join('\n');
    expect(everything).not.toContain('Secret123');
  });

  it(
    'remember password hands the password to the browser’s credential store, which fills it in next time',
    { timeout: 30_000 },
    async () => {
      const stored: { id: string; password: string }[] = [];
      class PasswordCredential {
        id: string;
        password: string;
        constructor(init: { id: string; password: string }) {
          this.id = init.id;
          this.password = init.password;
        }
      }
      vi.stubGlobal('PasswordCredential', PasswordCredential);
      const credentials = {
        store: vi.fn(async (c: PasswordCredential) => void stored.push({ id: c.id, password: c.password })),
        get: vi.fn(async () => stored.at(-1) ?? null),
      };
      Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
      try {
        localStorage.removeItem('login-config');
        recordFetch({
          '/api/pub/site': site('global'),
          '/api/user/login': loggedIn,
          '/api/user/info': loggedIn,
        });
        open();
        expect(
          await screen.findByText(
            'This site keeps your username; your browser’s password manager keeps the password (never this site).',
          ),
        ).toBeTruthy();
        type('Username or e-mail', 'ann_analyst');
        type('Password', 'Secret123');
        await click(screen.getByTestId('login-remember'));
        await click(screen.getByTestId('login-submit'));
        await waitFor(() => expect(stored).toEqual([{ id: 'ann_analyst', password: 'Secret123' }]));
        expect(Object.values({ ...localStorage }).join('\n')).not.toContain('Secret123');

        cleanup();
        open();
        await waitFor(() =>
          expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('Secret123'),
        );
        expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe('ann_analyst');
        expect(credentials.get).toHaveBeenCalledWith(expect.objectContaining({ password: true }));
      } finally {
        Reflect.deleteProperty(navigator, 'credentials');
      }
    },
  );
});
