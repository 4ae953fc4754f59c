import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';

/**
 * The signed-in user as the web app needs it. The accounts issue adds the full `user_info`
 * schema to the contract; this interface then becomes an alias of the contract type.
 */
export interface SessionUser {
  id: string;
  username: string;
  role: string[];
  user_level: string;
  settings: { language: string; show_summary: boolean };
}

export const DEFAULT_ROLES = ['user'];

interface UserState {
  token: string | null;
  user: SessionUser | null;
  /** Stores the token (local storage key `token`) and the user after a login. */
  setSession(token: string, user: SessionUser | null): void;
  setUser(user: SessionUser | null): void;
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
  clearSession: () => {
    writeStorage(STORAGE_KEYS.token, null);
    set({ token: null, user: null });
  },
}));

/** Logged in means a non-empty stored token (SPEC.md section 4). */
export function isLoggedIn(state: { token: string | null } = useUserStore.getState()): boolean {
  return Boolean(state.token);
}

export function rolesOf(user: SessionUser | null): string[] {
  return user?.role.length ? user.role : DEFAULT_ROLES;
}
