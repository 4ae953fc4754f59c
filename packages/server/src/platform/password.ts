import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: log2 of N, block size r, parallelism p. */
export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (128 MiB per hash). */
export const OWASP_SCRYPT: ScryptCost = { log2N: 17, r: 8, p: 1 };

const SALT_BYTES = 32;
const KEY_BYTES = 32;

export interface PasswordHasher {
  readonly cost: ScryptCost;
  /** A self-describing string: scrypt$<log2N>$<r>$<p>$<salt>$<key>, base64url. */
  hash(password: string): Promise<string>;
  /** Checks against any stored hash, whatever cost it was made with. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the time of one verification; used for unknown accounts so timing tells nothing. */
  dummyVerify(password: string): Promise<void>;
  /** Whether a stored hash was made with other parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = {
    N,
    r: cost.r,
    p: cost.p,
    maxmem: 128 * N * cost.r * cost.p + 32 * 1024 * 1024,
  };
  // Async scrypt runs on libuv's thread pool: the event loop stays free while it hashes.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![log2N, r, p].every((n) => Number.isInteger(n) && n > 0) || log2N > 22) return null;
  return {
    cost: { log2N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/** Password hashing with scrypt; production uses the OWASP cost, tests may pass a cheaper one. */
export function createPasswordHasher(cost: ScryptCost = OWASP_SCRYPT): PasswordHasher {
  let dummy: Promise<string> | null = null;
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  };
  const verify = async (password: string, stored: string) => {
    const parsed = parse(stored);
    if (!parsed || parsed.key.length === 0) return false;
    const key = await derive(password, parsed.salt, parsed.cost);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  };
  return {
    cost,
    hash,
    verify,
    async dummyVerify(password) {
      dummy ??= hash('dummy-password-for-unknown-accounts');
      await verify(password, await dummy);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return (
        !parsed || parsed.cost.log2N !== cost.log2N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p
      );
    },
  };
}

/** A cheap cost for tests only (never used unless passed explicitly). */
export const TEST_SCRYPT: ScryptCost = { log2N: 10, r: 8, p: 1 };
