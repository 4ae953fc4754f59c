import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppSettingsStore } from '../../stores/app-settings-store';
import { useAuthModalStore } from '../../stores/auth-modal-store';
import { useUserStore } from '../../stores/user-store';
import { recordFetch } from '../../test/fetch-recorder';
import { buildUserInfo } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { UserSlot } from './user-slot';

describe('navbar user slot', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false });
  });

  it('offers a Log in button to a visitor', () => {
    renderWithApp(<UserSlot />);
    fireEvent.click(screen.getByTestId('login-button'));
    expect(useAuthModalStore.getState().visible).toBe(true);
  });

  it('shows the username and plan, and logs out through the server', async () => {
    const server = recordFetch({ '/api/user/logout': { body: { ok: true } } });
    localStorage.setItem('token', 'tok');
    useUserStore.setState({ token: 'tok', user: buildUserInfo({ plan: 'paid_v0', user_level: 'paid_v0' }) });
    useAppSettingsStore.setState({ serverMenu: [{ name: 'File' }] });
    renderWithApp(<UserSlot />);
    expect(screen.getByTestId('navbar-username').textContent).toBe('ann_analyst');
    expect(screen.getByTestId('navbar-plan').textContent).toBe('Institutional plan');
    fireEvent.click(screen.getByTestId('user-menu'));
    await act(async () => fireEvent.click(await screen.findByText('Log out')));
    await waitFor(() => expect(useAuthModalStore.getState().visible).toBe(true));
    expect(server.to('/api/user/logout')[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useUserStore.getState().user).toBeNull();
    expect(useAppSettingsStore.getState().serverMenu).toEqual([]);
  });

  it("names an administrator's plan with the role", () => {
    useUserStore.setState({
      token: 'tok',
      user: buildUserInfo({ plan: 'paid_v0', user_level: 'paid_v0', role: ['admin', 'user'] }),
    });
    renderWithApp(<UserSlot />);
    expect(screen.getByTestId('navbar-plan').textContent).toBe('Institutional plan · administrator');
  });
});
