/** Keys under which the app keeps data in the browser's local storage (SPEC.md section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  /** The administrator console's token (separate from a user's `token`). */
  adminToken: 'admin-token',
  adminInfo: 'admin-info',
  fingerprint: 'fingerprint',
  /** The browser profile's random id, of which the fingerprint is the salted hash. */
  deviceId: 'device-id',
  deviceChanges: 'device-changes',
  locale: 'locale',
  loginConfig: 'login-config',
  appSettings: 'app-settings',
  /** The last website settings the server confirmed, so a reload applies them before the user info arrives. */
  userSettings: 'user-settings',
  viewerPreferences: 'viewer-preferences',
  /** What the first screen depends on (first-paint/first-paint-key.ts); read by index.html's script. */
  firstPaint: 'first-paint',
} as const;

/** Reads a key, tolerating browsers where storage is disabled. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working with in-memory state.
  }
}
