import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordFetch } from '../test/fetch-recorder';
import { buildUserInfo } from '../test/fixtures';
import { useAppSettingsStore } from './app-settings-store';
import { useAuthModalStore } from './auth-modal-store';
import { login, refreshUserInfo } from './session-actions';
import { useUserStore } from './user-store';

describe('session actions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useUserStore.setState({ token: null, user: null });
    useAuthModalStore.setState({ visible: false });
    useAppSettingsStore.getState().setLanguage('en-US');
  });

  it('refreshing the user info when not logged in opens the login dialog', async () => {
    const server = recordFetch({});
    await expect(refreshUserInfo()).resolves.toBeNull();
    expect(useAuthModalStore.getState().visible).toBe(true);
    expect(server.calls).toHaveLength(0);
  });

  it('login stores the token and the user, refreshes the user and adopts the saved language', async () => {
    const user = buildUserInfo({ settings: { ...buildUserInfo().settings, language: 'zh' } });
    const refreshed = { ...user, quota: { report_quota: 3 } };
    recordFetch({
      '/api/user/login': { body: { token: 'tok-2', user_info: user } },
      '/api/user/info': { body: { token: 'tok-2', user_info: refreshed } },
    });
    await login({ username: 'ann', passwd: 'Secret123' });
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(useUserStore.getState().user?.quota).toEqual({ report_quota: 3 });
    expect(localStorage.getItem('locale')).toBe('zh-CN');
  });
});
