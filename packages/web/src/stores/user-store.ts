import type { UserInfo, UserSettings } from '@rl/contract';
import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';

export const DEFAULT_ROLES = ['user'];

interface UserState {
  token: string | null;
  user: UserInfo | null;
  /** Stores the token (local storage key `token`) and the user after a login. */
  setSession(token: string, user: UserInfo | null): void;
  setUser(user: UserInfo | null): void;
  /** Merges settings the server confirmed into the user. */
  setSettings(settings: UserSettings): void;
  /** Resets the user and clears the token. The caller shows the login dialog (see `logout`). */
  clearSession(): void;
}

export const useUserStore = create<UserState>()((set) => ({
  token: readStorage(STORAGE_KEYS.token) || null,
  user: null,
  setSession: (token, user) => {
    writeStorage(STORAGE_KEYS.token, token);
    set({ token, user });
  },
  setUser: (user) => set({ user }),
  setSettings: (settings) => set((state) => (state.user ? { user: { ...state.user, settings } } : {})),
  clearSession: () => {
    writeStorage(STORAGE_KEYS.token, null);
    set({ token: null, user: null });
  },
}));

/** Logged in means a non-empty stored token (SPEC.md section 4). */
export function isLoggedIn(state: { token: string | null } = useUserStore.getState()): boolean {
  return Boolean(state.token);
}

export function rolesOf(user: UserInfo | null): string[] {
  return user?.role.length ? user.role : DEFAULT_ROLES;
}
