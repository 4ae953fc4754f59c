import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { useUserStore } from '../../stores/user-store';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { formatDateTime } from '../../utils/format';
import { SubscriptionModal } from './subscription-modal';

function openModal() {
  useSubscriptionModalStore.setState({ visible: true });
  renderWithApp(<SubscriptionModal />);
}

describe('subscription modal', () => {
  afterEach(() => {
    vi.useRealTimers();
    useSubscriptionModalStore.setState({ visible: false, wall: null });
    useAuthModalStore.setState({ visible: false, reason: null, mode: 'login' });
    useUserStore.setState({ token: null, user: null });
  });

  it('shows both plans with the contract numbers and disables the current one', () => {
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    openModal();
    const free = screen.getByTestId('plan-trial');
    const paid = screen.getByTestId('plan-paid_v0');
    expect(within(free).getByText('¥0 / month')).toBeTruthy();
    expect(within(paid).getByText('¥700 / month')).toBeTruthy();
    expect(within(free).getByText('20 reports a month (today’s and those older than a year)')).toBeTruthy();
    expect(within(free).getByText('30 searches a month')).toBeTruthy();
    expect(within(free).getByText('50 conversations a month')).toBeTruthy();
    expect(within(free).getByText('10 uploads in total, text only, up to 3 MiB each')).toBeTruthy();
    expect(within(paid).getByText('Unlimited reports')).toBeTruthy();
    expect(within(paid).getByText('100 translations a month included, more can be bought')).toBeTruthy();
    expect(within(paid).getByText('10 downloads a day, 100 a month')).toBeTruthy();
    expect(within(paid).getByText('200 GiB of storage, up to 1,000 files')).toBeTruthy();
    const current = screen.getByTestId('plan-trial-button') as HTMLButtonElement;
    expect(current.textContent).toBe('Current plan');
    expect(current.disabled).toBe(true);
    expect((screen.getByTestId('plan-paid_v0-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('subscribing says to contact an administrator and closes after 1.5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useUserStore.setState({ token: 'tok', user: buildUserInfo() });
    openModal();
    act(() => {
      fireEvent.click(screen.getByTestId('plan-paid_v0-button'));
    });
    expect(screen.getByText('To subscribe, please contact an administrator.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1400));
    expect(useSubscriptionModalStore.getState().visible).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(useSubscriptionModalStore.getState().visible).toBe(false);
  });

  it('closes with the close button and with the backdrop', () => {
    openModal();
    fireEvent.click(screen.getAllByLabelText('Close').at(-1)!);
    expect(useSubscriptionModalStore.getState().visible).toBe(false);
    act(() => useSubscriptionModalStore.getState().open());
    const wrap = [...document.querySelectorAll<HTMLElement>('.rl-subscription-modal')]
      .at(-1)!
      .closest('.ant-modal-wrap');
    fireEvent.mouseDown(wrap!);
    fireEvent.click(wrap!);
    expect(useSubscriptionModalStore.getState().visible).toBe(false);
  });

  it('a paid user at the daily download limit: the limit and its renewal, and no lower plan', async () => {
    useUserStore.setState({ token: 'tok', user: buildUserInfo({ user_level: 'paid_v0', plan: 'paid_v0' }) });
    useSubscriptionModalStore.setState({
      visible: true,
      wall: {
        reason: 'daily_downloads',
        message: 'You have used all 10 downloads of today. They renew at 2026-11-22 00:00 UTC.',
        language: 'en-US',
        limit: 10,
        used: 10,
        renewsAt: '2026-11-22T00:00:00.000Z',
        opensAt: null,
      },
    });
    renderWithApp(<SubscriptionModal />);
    const notice = screen.getByTestId('wall-notice');
    expect(within(notice).getByText('Daily download limit reached')).toBeTruthy();
    expect(within(notice).getByText(/You have used all 10 downloads of today/)).toBeTruthy();
    // The renewal in the message and in the facts, written alike (the user's date format, local time).
    const when = formatDateTime('2026-11-22T00:00:00.000Z', 'en-US', 'YYYY-MM-DD')!;
    expect(notice.textContent).toContain(`They renew at ${when}.`);
    expect(notice.textContent).toContain(`Renews ${when}`);
    const facts = within(notice).getByTestId('wall-facts').textContent ?? '';
    expect(facts).toContain('Used 10 of 10');
    // The renewal in local time, whatever the machine's zone: the date of that instant here.
    const renews = new Date('2026-11-22T00:00:00.000Z');
    expect(facts).toContain('Renews ');
    expect(facts).toContain(String(renews.getFullYear()));
    expect(screen.queryByTestId('plan-trial')).toBeNull();
    // The own paid plan is marked current and offers the renewal (through an administrator).
    expect(within(screen.getByTestId('plan-paid_v0')).getByText('Current plan')).toBeTruthy();
    const own = screen.getByTestId('plan-paid_v0-button') as HTMLButtonElement;
    expect(own.textContent).toBe('Renew');
    expect(own.disabled).toBe(false);
    fireEvent.click(own);
    expect(await screen.findByText('To renew your plan, please contact an administrator.')).toBeTruthy();
  });

  it('writes the days of the server’s message as the page writes them: one day, one way', () => {
    useSubscriptionModalStore.setState({
      visible: true,
      wall: {
        reason: 'file_age',
        message: 'On the free plan this report opens on 2027-11-07.',
        language: 'en-US',
        limit: null,
        used: null,
        renewsAt: null,
        opensAt: '2027-11-07',
      },
    });
    renderWithApp(<SubscriptionModal />);
    const notice = screen.getByTestId('wall-notice').textContent ?? '';
    expect(notice).toContain('On the free plan this report opens on Nov 7, 2027.');
    expect(notice).toContain('Opens on the free plan on Nov 7, 2027');
    expect(notice).not.toContain('2027-11-07');
  });

  it('shows the reason in Chinese when the interface is Chinese', async () => {
    const { applyInterfaceLocale } = await import('../../locale/switch-locale');
    await act(() => applyInterfaceLocale('zh-CN'));
    try {
      useSubscriptionModalStore.setState({
        visible: true,
        wall: {
          reason: 'monthly_searches',
          // Asked in English before the switch: not shown beside the Chinese.
          message: 'You have used all 30 searches of the free plan this month.',
          language: 'en-US',
          limit: 30,
          used: 30,
          renewsAt: null,
          opensAt: null,
        },
      });
      renderWithApp(<SubscriptionModal />);
      const notice = screen.getByTestId('wall-notice');
      expect(within(notice).getByText('本月搜索次数已用完')).toBeTruthy();
      expect(within(notice).getByTestId('wall-facts').textContent).toBe('已用 30 / 30');
      expect(within(notice).queryByText(/You have used all 30 searches/)).toBeNull();
    } finally {
      await act(() => applyInterfaceLocale('en-US'));
    }
    // Loading the Chinese messages is slow on a busy machine.
  }, 30_000);

  it('a visitor who subscribes is asked to sign up or log in first', () => {
    openModal();
    fireEvent.click(screen.getByTestId('plan-paid_v0-button'));
    expect(useSubscriptionModalStore.getState().visible).toBe(false);
    expect(useAuthModalStore.getState()).toMatchObject({
      visible: true,
      mode: 'signup',
      reason: 'walls.signUpFirst',
    });
    expect(screen.queryByText('To subscribe, please contact an administrator.')).toBeNull();
  });
});
