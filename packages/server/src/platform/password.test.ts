import { describe, expect, it } from 'vitest';
import { createPasswordHasher, OWASP_SCRYPT, TEST_SCRYPT } from './password.js';

describe('password hashing', () => {
  it('uses the OWASP scrypt cost by default (N=2^17, r=8, p=1)', async () => {
    expect(OWASP_SCRYPT).toEqual({ log2N: 17, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    expect(hasher.cost).toEqual(OWASP_SCRYPT);
    const stored = await hasher.hash('Secret123');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[\w-]{43}\$[\w-]{43}$/);
    expect(await hasher.verify('Secret123', stored)).toBe(true);
  });

  it('verifies, rejects, salts and reads hashes of another cost', async () => {
    const cheap = createPasswordHasher(TEST_SCRYPT);
    const a = await cheap.hash('Secret123');
    const b = await cheap.hash('Secret123');
    expect(a).not.toBe(b);
    expect(await cheap.verify('Secret123', a)).toBe(true);
    expect(await cheap.verify('secret123', a)).toBe(false);
    expect(await cheap.verify('Secret123', 'garbage')).toBe(false);
    expect(await cheap.verify('Secret123', 'scrypt$99$8$1$AA$AA')).toBe(false);
    const other = createPasswordHasher({ log2N: 11, r: 8, p: 1 });
    expect(await other.verify('Secret123', a)).toBe(true);
    expect(other.needsRehash(a)).toBe(true);
    expect(cheap.needsRehash(a)).toBe(false);
    await expect(cheap.dummyVerify('x')).resolves.toBeUndefined();
  });
});
