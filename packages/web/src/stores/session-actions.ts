import type { LoginRequest, UserInfo } from '@rl/contract';
import { userApi } from '../api/user-api';
import { localeOfServerLanguage } from '../config/locales';
import { useAppSettingsStore } from './app-settings-store';
import { useAuthModalStore } from './auth-modal-store';
import { isLoggedIn, useUserStore } from './user-store';

/**
 * Login (SPEC.md section 4): stores the token and the user, then refreshes the user info. On
 * failure the stored token is cleared and the error rethrown. The user's saved language becomes
 * the interface language (it applies when the page reloads after the login).
 */
export async function login(request: LoginRequest): Promise<UserInfo> {
  try {
    const { token, user_info: user } = await userApi.login(request);
    useUserStore.getState().setSession(token, user);
    useAppSettingsStore.getState().setLanguage(localeOfServerLanguage(user.settings.language));
    return (await refreshUserInfo()) ?? user;
  } catch (error) {
    useUserStore.getState().clearSession();
    throw error;
  }
}

/** Reloads the user from the server; when not logged in, opens the login dialog instead. */
export async function refreshUserInfo(): Promise<UserInfo | null> {
  if (!isLoggedIn()) {
    useAuthModalStore.getState().open();
    return null;
  }
  const { token, user_info: user } = await userApi.info();
  const store = useUserStore.getState();
  if (token && token !== store.token) store.setSession(token, user);
  else store.setUser(user);
  return user;
}

/** Forgets the session locally: resets the user, clears the token and the server menu, shows login. */
export function endSession(): void {
  useUserStore.getState().clearSession();
  useAppSettingsStore.getState().setServerMenu([]);
  useAuthModalStore.getState().setMode('login');
  useAuthModalStore.getState().open();
}

/** Logout (SPEC.md section 4): revokes the token on the server, then ends the session here. */
export async function logout(): Promise<void> {
  await userApi.logout().catch(() => undefined);
  endSession();
}
