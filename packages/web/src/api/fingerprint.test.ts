import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceFingerprint, resetFingerprintCache } from './fingerprint';

describe('device fingerprint', () => {
  beforeEach(() => resetFingerprintCache());

  it('is a stable SHA-256 kept in local storage', () => {
    const first = deviceFingerprint();
    resetFingerprintCache();
    expect(deviceFingerprint()).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(localStorage.getItem('fingerprint')).toBe(first);
    expect(localStorage.getItem('device-changes')).toBeNull();
  });

  it('uses a stored value at once, then counts a change of device when idle', async () => {
    const older = 'a'.repeat(64);
    localStorage.setItem('fingerprint', older);
    expect(deviceFingerprint()).toBe(older);
    await vi.waitFor(() => expect(localStorage.getItem('device-changes')).toBe('1'), { timeout: 5_000 });
    expect(localStorage.getItem('fingerprint')).not.toBe(older);
  });

  it('ignores a malformed stored value', () => {
    localStorage.setItem('fingerprint', 'garbage');
    expect(deviceFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(localStorage.getItem('device-changes')).toBe('1');
  });
});
