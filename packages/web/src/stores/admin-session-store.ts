import type { AdminInfo } from '@rl/contract';
import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';

/**
 * The administrator console's session: its own token (local storage key `admin-token`), never
 * the user's `token`. The console's calls send it; a 401 clears it and leads to `/admin/login`.
 */
interface AdminSessionState {
  token: string | null;
  admin: AdminInfo | null;
  /** When the token stops working (ISO time), as the login answered. */
  expiresTime: string | null;
  setSession(token: string, admin: AdminInfo, expiresTime: string): void;
  clearSession(): void;
}

function storedAdmin(): { admin: AdminInfo | null; expiresTime: string | null } {
  try {
    const raw = readStorage(STORAGE_KEYS.adminInfo);
    if (!raw) return { admin: null, expiresTime: null };
    const parsed = JSON.parse(raw) as { admin?: AdminInfo; expires_time?: string };
    return { admin: parsed.admin ?? null, expiresTime: parsed.expires_time ?? null };
  } catch {
    return { admin: null, expiresTime: null };
  }
}

export const useAdminSessionStore = create<AdminSessionState>()((set) => ({
  token: readStorage(STORAGE_KEYS.adminToken) || null,
  ...storedAdmin(),
  setSession: (token, admin, expiresTime) => {
    writeStorage(STORAGE_KEYS.adminToken, token);
    writeStorage(STORAGE_KEYS.adminInfo, JSON.stringify({ admin, expires_time: expiresTime }));
    set({ token, admin, expiresTime });
  },
  clearSession: () => {
    writeStorage(STORAGE_KEYS.adminToken, null);
    writeStorage(STORAGE_KEYS.adminInfo, null);
    set({ token: null, admin: null, expiresTime: null });
  },
}));

/** An admin is logged in when a token is stored and has not passed its expiry. */
export function isAdminLoggedIn(
  state: Pick<AdminSessionState, 'token' | 'expiresTime'> = useAdminSessionStore.getState(),
  now = Date.now(),
): boolean {
  if (!state.token) return false;
  return !state.expiresTime || new Date(state.expiresTime).getTime() > now;
}
