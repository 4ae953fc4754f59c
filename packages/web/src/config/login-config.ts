import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * What "remember password" keeps in local storage (key `login-config`): the choice and the
 * username. The password itself is left to the browser's password manager, never stored here.
 */
export interface LoginConfig {
  rememberPassword: boolean;
  username: string;
}

const EMPTY: LoginConfig = { rememberPassword: false, username: '' };

/** Reads the stored config; a password left by an older version is removed on sight. */
export function readLoginConfig(): LoginConfig {
  const raw = readStorage(STORAGE_KEYS.loginConfig);
  if (!raw) return EMPTY;
  try {
    const stored = JSON.parse(raw) as Record<string, unknown>;
    const config: LoginConfig = {
      rememberPassword: stored.rememberPassword === true,
      username: typeof stored.username === 'string' ? stored.username : '',
    };
    if ('password' in stored) writeLoginConfig(config);
    return config;
  } catch {
    writeStorage(STORAGE_KEYS.loginConfig, null);
    return EMPTY;
  }
}

export function writeLoginConfig(config: LoginConfig): void {
  const kept: LoginConfig = config.rememberPassword
    ? { rememberPassword: true, username: config.username }
    : { rememberPassword: false, username: '' };
  writeStorage(STORAGE_KEYS.loginConfig, JSON.stringify(kept));
}
