import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { click, type } from '../../../components/auth-modal/auth-test-helpers';
import {
  allowSecurityCheck,
  findWidget,
  passSecurityCheck,
  TEST_SOLUTION,
} from '../../../components/security-check/security-check-test-utils';
import { applyLocale, loadLocale } from '../../../locale/i18n';
import { useUserStore } from '../../../stores/user-store';
import { recordFetch, type Answer } from '../../../test/fetch-recorder';
import { buildUserInfo } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { ContactUsPage } from '../contact-us-page';

const CONTACTS = '/api/pub/contact';
const SUBMIT = '/api/pub/contact_submit';
const contacts = { body: { email: 'help@research.example', phone: '+86 10 8888 6666', hours: null } };
const sent = { body: { message_id: 'msg-1' } };

function serve(submit: Answer = sent, contactsAnswer: Answer = contacts) {
  return recordFetch({ [CONTACTS]: contactsAnswer, [SUBMIT]: submit });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const send = () => click(screen.getByTestId('contact-submit'));

function writeMessage() {
  type('Subject', '  Invoice for March ');
  type('Message', 'Could you send the invoice again?');
}

describe('contact us page', { timeout: 20_000 }, () => {
  beforeEach(allowSecurityCheck);
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(async () => {
      queryClient.clear();
      useUserStore.setState({ token: null, user: null });
      applyLocale('en-US');
    });
  });

  it('shows the support contacts and leaves out what is not configured', async () => {
    const server = serve();
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    const list = await screen.findByTestId('support-contacts');
    expect(within(list).getByText('help@research.example').getAttribute('href')).toBe(
      'mailto:help@research.example',
    );
    expect(within(list).getByText('+86 10 8888 6666').getAttribute('href')).toBe('tel:+861088886666');
    expect(within(list).queryByText('Hours')).toBeNull();
    expect(server.to(CONTACTS)[0]?.method).toBe('GET');
  });

  it('says so when no contact is configured or they cannot be loaded', async () => {
    serve(sent, { body: { email: null, phone: null, hours: null } });
    const { unmount } = renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(await screen.findByText('Please write to us with the message form.')).toBeTruthy();
    unmount();
    queryClient.clear();
    serve(sent, { status: 404, body: { error_msg: 'not found' } });
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(await screen.findByText(/support contacts could not be loaded/)).toBeTruthy();
  });

  it('prefills the e-mail of a logged-in user, asks no security check and resets after sending', async () => {
    useUserStore.setState({ token: 'tok', user: buildUserInfo({ email: 'ann@example.com' }) });
    const server = serve();
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(field('Reply e-mail').value).toBe('ann@example.com');
    expect(screen.queryByText('Security check')).toBeNull();
    expect(screen.queryByTestId('security-check')).toBeNull();

    await send();
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(server.to(SUBMIT)).toHaveLength(0);

    writeMessage();
    await send();
    await waitFor(() => expect(server.to(SUBMIT)).toHaveLength(1));
    expect(server.to(SUBMIT)[0]?.body).toEqual({
      subject: 'Invoice for March',
      message: 'Could you send the invoice again?',
      email: 'ann@example.com',
    });
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expect(screen.getByText('We will reply to ann@example.com as soon as we can.')).toBeTruthy();
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    expect(field('Reply e-mail').value).toBe('ann@example.com');
  });

  it('fills in the e-mail when the session is restored after the page opened', async () => {
    useUserStore.setState({ token: 'tok', user: null });
    serve();
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(field('Reply e-mail').value).toBe('');
    act(() => useUserStore.setState({ user: buildUserInfo({ email: 'late@example.com' }) }));
    await waitFor(() => expect(field('Reply e-mail').value).toBe('late@example.com'));
  });

  it('asks a visitor for the security check and sends its solution', async () => {
    const server = serve();
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(field('Reply e-mail').value).toBe('');
    await findWidget();
    writeMessage();
    type('Reply e-mail', 'Visitor@Example.com');
    await send();
    expect(await screen.findByText('Please complete the security check')).toBeTruthy();
    expect(server.to(SUBMIT)).toHaveLength(0);

    await passSecurityCheck();
    await send();
    await waitFor(() => expect(server.to(SUBMIT)).toHaveLength(1));
    expect(server.to(SUBMIT)[0]?.body).toEqual({
      subject: 'Invoice for March',
      message: 'Could you send the invoice again?',
      email: 'visitor@example.com',
      altcha: TEST_SOLUTION,
    });
    expect(await screen.findByTestId('contact-sent')).toBeTruthy();
    expect(field('Subject').value).toBe('');
    expect(field('Reply e-mail').value).toBe('');
    const widget = await findWidget();
    expect(widget.getState()).toBe('unverified');
  });

  it('shows a refusal on the field the server names and spends the check', async () => {
    const server = serve({
      status: 400,
      body: { error_msg: 'This address does not receive mail', field: 'email' },
    });
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    writeMessage();
    type('Reply e-mail', 'nobody@example.com');
    await passSecurityCheck();
    await send();
    expect(await screen.findByText('This address does not receive mail')).toBeTruthy();
    expect(field('Subject').value).toBe('  Invoice for March ');
    const widget = await findWidget();
    await waitFor(() => expect(widget.getState()).toBe('unverified'));
    fireEvent.change(field('Reply e-mail'), { target: { value: 'ann@example.com' } });
    await send();
    expect(await screen.findByText('Please complete the security check')).toBeTruthy();
    expect(server.to(SUBMIT)).toHaveLength(1);
  });

  it('shows other failures in a toast', async () => {
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    serve({ status: 429, body: { error_msg: 'slow down' } });
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    writeMessage();
    await send();
    expect(await screen.findByText('Request too frequent, please try again later')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await loadLocale('zh-CN');
    await act(async () => applyLocale('zh-CN'));
    serve();
    renderWithApp(<ContactUsPage />, '/my/contact-us');
    expect(screen.getByText('给我们留言')).toBeTruthy();
    expect(await screen.findByLabelText('我不是机器人')).toBeTruthy();
    await send();
    expect(await screen.findByText('请填写主题')).toBeTruthy();
    expect(screen.getByText('请完成安全验证')).toBeTruthy();
  });
});
