import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAdminSessionStore } from '../../../stores/admin-session-store';
import { recordFetch } from '../../../test/fetch-recorder';
import { renderRoutes } from '../../../test/render';
import { loadSchemas, press, resetAdmin, TEST_ADMIN } from '../shared/admin-test-utils';
import { AdminLoginPage } from './admin-login-page';

const LOGIN = '/api/manage/admin/login';
const EXPIRES = '2099-01-01T00:00:00.000Z';

function renderLogin(path: string) {
  return renderRoutes(
    [
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '*', element: <div data-testid="landed" /> },
    ],
    path,
  );
}

async function logIn(username = 'root', password = 'Secret123') {
  fireEvent.change(screen.getByLabelText('Username or e-mail'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await press(screen.getByTestId('admin-login-submit'));
}

// The first render of antd in a file is slow on a loaded machine.
describe('admin login page', { timeout: 20_000 }, () => {
  beforeAll(loadSchemas);
  afterEach(() => {
    resetAdmin();
    vi.unstubAllGlobals();
  });

  it('logs in, stores the session and opens the page of `redirect`', async () => {
    const http = recordFetch({
      [LOGIN]: { body: { token: 'adm-token', expires_time: EXPIRES, admin_info: TEST_ADMIN } },
    });
    const { router } = renderLogin('/admin/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2');
    await logIn(' root ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(router.state.location.search).toBe('?page=2');
    expect(http.to(LOGIN)).toHaveLength(1);
    expect(http.to(LOGIN)[0]!.body).toEqual({
      username: 'root',
      passwd: 'Secret123',
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(useAdminSessionStore.getState()).toMatchObject({
      token: 'adm-token',
      admin: TEST_ADMIN,
      expiresTime: EXPIRES,
    });
  });

  it('opens the dashboard without a redirect, and never a page outside the console', async () => {
    recordFetch({ [LOGIN]: { body: { token: 't', expires_time: EXPIRES, admin_info: TEST_ADMIN } } });
    const { router } = renderLogin('/admin/login?redirect=https%3A%2F%2Fevil.example%2F');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('shows the server message of invalid credentials inline and stores nothing', async () => {
    recordFetch({
      [LOGIN]: {
        status: 400,
        body: { error_msg: 'Incorrect username or password', code: 'invalid_credentials' },
      },
    });
    const { router } = renderLogin('/admin/login');
    await logIn('root', 'wrong');
    expect((await screen.findByTestId('admin-login-error')).textContent).toContain(
      'Incorrect username or password',
    );
    expect(useAdminSessionStore.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('says "Request too frequent" on a 429 that says neither why nor until when', async () => {
    recordFetch({ [LOGIN]: { status: 429, body: { code: 'too_many_requests' } } });
    renderLogin('/admin/login');
    await logIn();
    expect((await screen.findByTestId('admin-login-error')).textContent).toContain(
      'Request too frequent, please try again later',
    );
  });

  it('asks for the code of a new device with the server message, resends it, and logs in with it', async () => {
    const http = recordFetch({
      [LOGIN]: (call) =>
        call.body?.code === '123456'
          ? { body: { token: 'adm-token', expires_time: EXPIRES, admin_info: TEST_ADMIN } }
          : {
              status: 400,
              body: {
                error_msg: 'Enter the verification code we sent to r***@example.com',
                code: 'verification_required',
                need_verification: true,
                field: 'code',
              },
            },
    });
    const { router } = renderLogin('/admin/login');
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await logIn();
    expect((await screen.findByTestId('admin-login-verification')).textContent).toContain(
      'Enter the verification code we sent to r***@example.com',
    );
    expect(screen.queryByTestId('admin-login-error')).toBeNull();
    // The code is required, digits only.
    await press(screen.getByTestId('admin-login-submit'));
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();
    expect(http.to(LOGIN)).toHaveLength(1);
    // Resend: the login again without a code (the server sends a new one).
    await press(screen.getByTestId('send-code'));
    await waitFor(() => expect(http.to(LOGIN)).toHaveLength(2));
    expect(http.to(LOGIN)[1]!.body).not.toHaveProperty('code');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' 123456 ' } });
    await press(screen.getByTestId('admin-login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(http.to(LOGIN)[2]!.body).toMatchObject({ username: 'root', passwd: 'Secret123', code: '123456' });
    expect(useAdminSessionStore.getState().token).toBe('adm-token');
  });

  it("says so in the reader's language when many logins failed on the account", async () => {
    recordFetch({
      [LOGIN]: {
        status: 400,
        body: {
          error_msg: 'server text',
          code: 'many_failed_logins',
          need_verification: true,
          field: 'code',
        },
      },
    });
    renderLogin('/admin/login');
    await logIn();
    expect((await screen.findByTestId('admin-login-verification')).textContent).toContain(
      'Many failed logins were made on this account recently. If your password is right',
    );
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    await press(screen.getByTestId('admin-login-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-login-verification').textContent).toContain(
        'the password or the verification code is wrong',
      ),
    );
    expect(useAdminSessionStore.getState().token).toBeNull();
  });

  it("shows the server's 429: which limit was hit and when it lifts, not a guess at the network", async () => {
    recordFetch({
      [LOGIN]: {
        status: 429,
        body: {
          error_msg:
            'Too many login codes were sent to this account (10 an hour); please try again in 14 min',
          code: 'too_many_requests',
          retry_after_s: 840,
        },
      },
    });
    renderLogin('/admin/login');
    await logIn();
    const shown = (await screen.findByTestId('admin-login-error')).textContent;
    expect(shown).toContain(
      'Too many login codes were sent to this account (10 an hour); please try again in 14 min',
    );
    expect(shown).not.toContain('network');
  });

  it('tells when to try again on a 429 without a message', async () => {
    recordFetch({ [LOGIN]: { status: 429, body: { code: 'too_many_requests', retry_after_s: 840 } } });
    renderLogin('/admin/login');
    await logIn();
    expect((await screen.findByTestId('admin-login-error')).textContent).toContain(
      'Too many login attempts; please try again in 14 min',
    );
  });

  it('sends nothing while a field is empty', async () => {
    const http = recordFetch({});
    renderLogin('/admin/login');
    await logIn('', '');
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(http.calls).toHaveLength(0);
  });

  it('offers the language switch and leads a logged-in admin on', async () => {
    renderLogin('/admin/login');
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    act(() => useAdminSessionStore.getState().setSession('t', TEST_ADMIN, EXPIRES));
    await screen.findByTestId('landed');
  });
});
