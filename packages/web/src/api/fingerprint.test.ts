import { beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../utils/sha256';
import { deviceFingerprint, resetFingerprintCache } from './fingerprint';

/** A new page of the same browser profile: local storage kept, the page's memory not. */
const reload = () => resetFingerprintCache();
/** Another browser profile (or storage cleared): nothing kept. */
const freshProfile = () => {
  localStorage.clear();
  resetFingerprintCache();
};

describe('device fingerprint', () => {
  beforeEach(freshProfile);

  it('is the salted SHA-256 of a random id kept in local storage, stable across pages', () => {
    const first = deviceFingerprint();
    const id = localStorage.getItem('device-id');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).toBe(sha256Hex(`${id}|research-library/fingerprint/v2`));
    expect(first).not.toBe(sha256Hex(id ?? ''));
    reload();
    expect(deviceFingerprint()).toBe(first);
    expect(localStorage.getItem('device-id')).toBe(id);
    expect(localStorage.getItem('fingerprint')).toBe(first);
    expect(localStorage.getItem('device-changes')).toBeNull();
  });

  it('differs between browser profiles of identical devices', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      freshProfile();
      seen.add(deviceFingerprint());
    }
    expect(seen.size).toBe(20);
  });

  it('replaces a fingerprint of the old traits-based kind once, counting a device change', () => {
    const older = 'a'.repeat(64);
    localStorage.setItem('fingerprint', older);
    const now = deviceFingerprint();
    expect(now).not.toBe(older);
    expect(localStorage.getItem('fingerprint')).toBe(now);
    expect(localStorage.getItem('device-changes')).toBe('1');
    reload();
    expect(deviceFingerprint()).toBe(now);
    expect(localStorage.getItem('device-changes')).toBe('1');
  });

  it('makes a new id for a malformed stored one', () => {
    for (const bad of ['garbage', 'A'.repeat(32), '0'.repeat(31), '']) {
      freshProfile();
      localStorage.setItem('device-id', bad);
      const fingerprint = deviceFingerprint();
      expect(localStorage.getItem('device-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(fingerprint).toBe(
        sha256Hex(`${localStorage.getItem('device-id')}|research-library/fingerprint/v2`),
      );
    }
  });

  it('still answers, one id per page, when local storage refuses writes', () => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    try {
      const first = deviceFingerprint();
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(deviceFingerprint()).toBe(first);
    } finally {
      Storage.prototype.setItem = setItem;
    }
  });
});
