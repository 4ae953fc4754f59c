import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { resetSiteStore } from '../../stores/site-store';
import { recordFetch } from '../../test/fetch-recorder';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { click, type } from './auth-test-helpers';
import { AuthModal } from './auth-modal';

const codeSent = { body: { sent_to: 'a***@example.com', resend_after_s: 60 } };

async function openSignup(variant: 'global' | 'cn', routes: Parameters<typeof recordFetch>[0] = {}) {
  const server = recordFetch({
    '/api/pub/site': { body: { deploy_variant: variant, icp_license: null, translation_available: false } },
    ...routes,
  });
  useAuthModalStore.setState({ visible: true, mode: 'signup', reason: null, prefill: null });
  renderWithApp(<AuthModal />);
  await screen.findByTestId('signup-form');
  if (variant === 'cn') await screen.findByLabelText('Mobile number');
  return server;
}

const submit = () => click(screen.getByTestId('signup-submit'));

describe('e-mail signup (global variant)', () => {
  beforeEach(() => resetSiteStore());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('requires every field', async () => {
    const server = await openSignup('global');
    await submit();
    expect(await screen.findByText('Please enter your e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter the 6-digit code')).toBeTruthy();
    expect(screen.getByText('Please enter a username')).toBeTruthy();
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(server.to('/api/user/email_signup')).toHaveLength(0);
  });

  it.each([
    ['E-mail', 'ann@', 'Please enter a valid e-mail address, e.g. name@example.com'],
    ['E-mail', 'ann example.com', 'Please enter a valid e-mail address, e.g. name@example.com'],
    ['E-mail code', '12345', 'Please enter the 6-digit code'],
    ['E-mail code', '12a456', 'Please enter the 6-digit code'],
    ['Username', 'abc', '4 to 20 characters: letters, digits and underscores'],
    ['Username', 'a'.repeat(21), '4 to 20 characters: letters, digits and underscores'],
    ['Username', 'ann-analyst', '4 to 20 characters: letters, digits and underscores'],
    ['Password', 'Short1', '8 to 32 characters with upper- and lowercase letters'],
    ['Password', 'alllowercase', '8 to 32 characters with upper- and lowercase letters'],
    ['Password', 'ALLUPPERCASE', '8 to 32 characters with upper- and lowercase letters'],
    ['Password', `Aa${'x'.repeat(31)}`, '8 to 32 characters with upper- and lowercase letters'],
  ])('%s %j is refused with its message and nothing is sent', async (label, value, message) => {
    const server = await openSignup('global');
    type(label, value);
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(server.to('/api/user/email_signup')).toHaveLength(0);
  });

  it('shows the password checklist live', async () => {
    await openSignup('global');
    const rules = () =>
      [...screen.getByTestId('password-checklist').querySelectorAll('li')].map((li) => li.dataset.met);
    expect(rules()).toEqual(['false', 'false', 'false']);
    type('Password', 'abc');
    await waitFor(() => expect(rules()).toEqual(['false', 'false', 'true']));
    type('Password', 'abcDEFgh');
    await waitFor(() => expect(rules()).toEqual(['true', 'true', 'true']));
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('sends no code to an invalid e-mail', async () => {
    const server = await openSignup('global');
    type('E-mail', 'not-an-email');
    await click(screen.getByTestId('send-code'));
    expect(await screen.findByText(/Please enter a valid e-mail address/)).toBeTruthy();
    expect(server.to('/api/user/email_code')).toHaveLength(0);
    expect(screen.getByTestId('send-code').textContent).toBe('Send code');
  });

  it('counts down 60 s after sending a code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await openSignup('global', { '/api/user/email_code': codeSent });
    type('E-mail', ' Ann@Example.com ');
    await click(screen.getByTestId('send-code'));
    expect(server.to('/api/user/email_code')[0]?.body).toEqual({
      email: 'ann@example.com',
      purpose: 'signup',
    });
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    expect(button.textContent).toBe('Resend in 60 s');
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Resend in 59 s');
    act(() => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('after sending, says a message went and that it may say the account exists', async () => {
    await openSignup('global', { '/api/user/email_code': codeSent });
    type('E-mail', 'ann@example.com');
    await click(screen.getByTestId('send-code'));
    expect(
      await screen.findByText(
        'We sent a message to a***@example.com. If an account already uses it, the message has no code: it tells you how to log in instead.',
      ),
    ).toBeTruthy();
  });

  it('says "too frequent" when signups from here are throttled (429)', async () => {
    await openSignup('global', {
      '/api/user/email_signup': {
        status: 429,
        body: { error_msg: 'Too many signup attempts', code: 'too_many_requests', retry_after_s: 60 },
      },
    });
    type('E-mail', 'ann@example.com');
    type('E-mail code', '123456');
    type('Username', 'ann_analyst');
    type('Password', 'Secret123');
    await submit();
    expect(await screen.findByText('Request too frequent, please try again later')).toBeTruthy();
    expect(screen.queryByText('Sign up successfully')).toBeNull();
  });

  it('keeps counting down when the server says it is too early (429)', async () => {
    await openSignup('global', {
      '/api/user/email_code': { status: 429, body: { error_msg: 'Wait', code: 'too_many_requests' } },
    });
    type('E-mail', 'ann@example.com');
    await click(screen.getByTestId('send-code'));
    expect(screen.getByTestId('send-code').textContent).toBe('Resend in 60 s');
  });

  it('signs up with normalised values, then offers to log in', async () => {
    const server = await openSignup('global', {
      '/api/user/email_signup': { body: { user_info: buildUserInfo({ username: 'ann_analyst' }) } },
    });
    type('E-mail', ' Ann@Example.COM');
    type('E-mail code', '123456');
    type('Username', ' ann_analyst ');
    type('Password', 'Secret123');
    await submit();
    expect(await screen.findByText('Sign up successfully')).toBeTruthy();
    expect(server.to('/api/user/email_signup')[0]?.body).toEqual({
      email: 'ann@example.com',
      code: '123456',
      username: 'ann_analyst',
      passwd: 'Secret123',
    });
    await click(screen.getByTestId('go-to-login'));
    expect(useAuthModalStore.getState().mode).toBe('login');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    // The login form starts with the account just made.
    expect(screen.getByLabelText<HTMLInputElement>('Username or e-mail').value).toBe('ann_analyst');
  });

  it('puts a server error on the field it names', async () => {
    await openSignup('global', {
      '/api/user/email_signup': {
        status: 400,
        body: { error_msg: 'This username is taken', code: 'already_exists', field: 'username' },
      },
    });
    type('E-mail', 'ann@example.com');
    type('E-mail code', '123456');
    type('Username', 'ann_analyst');
    type('Password', 'Secret123');
    await submit();
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect(screen.queryByText('Sign up successfully')).toBeNull();
  });
});

describe('mobile signup (cn variant)', () => {
  beforeEach(() => resetSiteStore());
  afterEach(() => vi.unstubAllGlobals());

  it('offers only +86 and refuses bad numbers and codes', async () => {
    const server = await openSignup('cn');
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.getByText('+86')).toBeTruthy();
    await submit();
    expect(await screen.findByText('Please enter your mobile number')).toBeTruthy();
    expect(screen.getByText('Please enter the SMS code')).toBeTruthy();
    for (const bad of ['12345', '1234567890123456', 'abc-de']) {
      type('Mobile number', bad);
      await submit();
      expect(await screen.findByText('Please enter a valid mobile number')).toBeTruthy();
    }
    type('SMS code', '12');
    await submit();
    expect(await screen.findByText('The SMS code is 6 digits')).toBeTruthy();
    await click(screen.getByTestId('send-code'));
    expect(server.to('/api/user/sms_code')).toHaveLength(0);
    expect(server.to('/api/user/phone_signup')).toHaveLength(0);
  });

  it('sends the number as digits with its country code', async () => {
    const server = await openSignup('cn', {
      '/api/user/sms_code': codeSent,
      '/api/user/phone_signup': { body: { user_info: buildUserInfo() } },
    });
    type('Mobile number', '138 0013-8000');
    await click(screen.getByTestId('send-code'));
    expect(server.to('/api/user/sms_code')[0]?.body).toEqual({
      phone: '13800138000',
      country_code: '86',
      purpose: 'signup',
    });
    type('SMS code', '654321');
    type('Password', 'Secret123');
    await submit();
    expect(await screen.findByText('Sign up successfully')).toBeTruthy();
    expect(server.to('/api/user/phone_signup')[0]?.body).toEqual({
      phone: '13800138000',
      country_code: '86',
      code: '654321',
      passwd: 'Secret123',
    });
  });
});
