import type { UserInfo, UserSettings } from '@rl/contract';
import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { readSavedUserSettings, writeSavedUserSettings } from './saved-user-settings';

export const DEFAULT_ROLES = ['user'];

interface UserState {
  token: string | null;
  user: UserInfo | null;
  /** This browser's copy of the last website settings the server confirmed (null when logged out). */
  savedSettings: UserSettings | null;
  /** Stores the token (local storage key `token`) and the user after a login. */
  setSession(token: string, user: UserInfo | null): void;
  setUser(user: UserInfo | null): void;
  /** Merges settings the server confirmed into the user. */
  setSettings(settings: UserSettings): void;
  /** Resets the user and clears the token. The caller shows the login dialog (see `logout`). */
  clearSession(): void;
}

/** The user, the settings kept in this browser too. */
function withUser(user: UserInfo | null, saved: UserSettings | null) {
  if (user) writeSavedUserSettings(user.settings);
  return { user, savedSettings: user?.settings ?? saved };
}

const initialToken = readStorage(STORAGE_KEYS.token) || null;

export const useUserStore = create<UserState>()((set) => ({
  token: initialToken,
  user: null,
  savedSettings: initialToken ? readSavedUserSettings() : null,
  setSession: (token, user) => {
    writeStorage(STORAGE_KEYS.token, token);
    set((state) => ({ token, ...withUser(user, state.savedSettings) }));
  },
  setUser: (user) => set((state) => withUser(user, state.savedSettings)),
  setSettings: (settings) =>
    set((state) => (state.user ? withUser({ ...state.user, settings }, settings) : {})),
  clearSession: () => {
    writeStorage(STORAGE_KEYS.token, null);
    writeSavedUserSettings(null);
    set({ token: null, user: null, savedSettings: null });
  },
}));

/**
 * The website settings in force: the user's once the user info is known; before that (a reload)
 * the copy this browser kept, so the first search and dates already follow them.
 */
export function settingsInForce(
  state: Pick<UserState, 'user' | 'savedSettings'> = useUserStore.getState(),
): UserSettings | null {
  return state.user?.settings ?? state.savedSettings;
}

/** Logged in means a non-empty stored token (SPEC.md section 4). */
export function isLoggedIn(state: { token: string | null } = useUserStore.getState()): boolean {
  return Boolean(state.token);
}

export function rolesOf(user: UserInfo | null): string[] {
  return user?.role.length ? user.role : DEFAULT_ROLES;
}
