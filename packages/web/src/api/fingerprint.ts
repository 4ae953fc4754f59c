import { readStorage, STORAGE_KEYS, writeStorage } from '../config/storage-keys';
import { sha256Hex } from '../utils/sha256';

/** Mixed into the device identifier so the fingerprint is not the bare hash of the stored id. */
const FINGERPRINT_SALT = 'research-library/fingerprint/v2';

/** 128 random bits, hex. */
const DEVICE_ID = /^[0-9a-f]{32}$/;

/**
 * A new random device identifier. Random rather than derived from the browser's traits: two
 * fresh profiles of identical machines must not share an anonymous quota. getRandomValues works
 * outside secure contexts too (randomUUID does not).
 */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The profile's device identifier, created and kept in local storage on first use. */
function deviceId(): string {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID.test(stored)) return stored;
  const id = newDeviceId();
  writeStorage(STORAGE_KEYS.deviceId, id);
  return id;
}

/** Stores the fingerprint; a different one than before (a new id) counts as a device change. */
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
 * The X-Fingerprint header: SHA-256 of the profile's device identifier (a random id kept in local
 * storage) with a salt (SPEC.md section 3), kept in local storage too. Each browser profile has
 * its own; clearing storage makes a new one, which the server still counts against the address
 * (docs/api.md, "What counts as a search"). Without storage, each page load has its own.
 */
export function deviceFingerprint(): string {
  if (cached) return cached;
  cached = sha256Hex(`${deviceId()}|${FINGERPRINT_SALT}`);
  remember(cached);
  return cached;
}

/** For tests: forget the value computed in this page. */
export function resetFingerprintCache(): void {
  cached = null;
}
