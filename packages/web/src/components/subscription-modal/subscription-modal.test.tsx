import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubscriptionModalStore } from '../../stores/subscription-modal-store';
import { useUserStore } from '../../stores/user-store';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { SubscriptionModal } from './subscription-modal';

function openModal() {
  useSubscriptionModalStore.setState({ visible: true });
  renderWithApp(<SubscriptionModal />);
}

describe('subscription modal', () => {
  afterEach(() => {
    vi.useRealTimers();
    useSubscriptionModalStore.setState({ visible: false });
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
});
