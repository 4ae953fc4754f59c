import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { prefetchOnIdle } from '../utils/prefetch-on-idle';
import { sha256Hex } from '../utils/sha256';

/** Mixed into the device identifier so the fingerprint is not the bare hash of public traits. */
const FINGERPRINT_SALT = 'research-library/fingerprint/v1';

/** Traits that stay the same on one browser of one device. */
function deviceIdentifier(): string {
  const { userAgent, language, hardwareConcurrency } = window.navigator;
  const { width, height, colorDepth } = window.screen;
  // The offset, not the zone name: asking Intl for the zone costs ~50 ms on a cold start.
  const utcOffset = new Date(Date.UTC(2020, 0, 1)).getTimezoneOffset();
  return [userAgent, language, hardwareConcurrency, `${width}x${height}x${colorDepth}`, utcOffset].join('|');
}

function computeFingerprint(): string {
  return sha256Hex(`${deviceIdentifier()}|${FINGERPRINT_SALT}`);
}

/** Stores a freshly computed fingerprint; a different one than before counts as a device change. */
function remember(fingerprint: string): void {
  const stored = readStorage(STORAGE_KEYS.fingerprint);
  if (stored === fingerprint) return;
  if (stored) {
    const changes = Number(readStorage(STORAGE_KEYS.deviceChanges)) || 0;
    writeStorage(STORAGE_KEYS.deviceChanges, String(changes + 1));
  }
  writeStorage(STORAGE_KEYS.fingerprint, fingerprint);
}

let cached: string | null = null;

/**
 * The X-Fingerprint header: SHA-256 of the device identifier with a salt (SPEC.md section 3),
 * kept in local storage. A stored value is used at once (the first calls stay quick) and checked
 * against the device when the browser is idle; a changed device replaces it and counts in
 * `device-changes`.
 */
export function deviceFingerprint(): string {
  if (cached) return cached;
  const stored = readStorage(STORAGE_KEYS.fingerprint);
  if (stored && /^[0-9a-f]{64}$/.test(stored)) {
    cached = stored;
    prefetchOnIdle(() => {
      cached = computeFingerprint();
      remember(cached);
    });
    return stored;
  }
  cached = computeFingerprint();
  remember(cached);
  return cached;
}

/** For tests: forget the value computed in this page. */
export function resetFingerprintCache(): void {
  cached = null;
}
