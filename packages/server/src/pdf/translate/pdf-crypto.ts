import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

/**
 * The PDF standard security handler (ISO 32000-2 section 7.6) for files that open with the empty
 * user password, i.e. files with an owner password only: derives the file key and decrypts
 * strings and streams (RC4 40-128 bit, AES-128, AES-256). Node's OpenSSL 3 has no RC4, so it is
 * implemented here (it is a few lines).
 */

export type CryptMethod = 'none' | 'rc4' | 'aes128' | 'aes256';

export interface EncryptionParams {
  /** /V, /R and the key length in bytes. */
  version: number;
  revision: number;
  keyLength: number;
  owner: Uint8Array;
  user: Uint8Array;
  /** /UE (revisions 5 and 6). */
  userKey?: Uint8Array;
  permissions: number;
  encryptMetadata: boolean;
  /** First element of the trailer's /ID. */
  id: Uint8Array;
  streams: CryptMethod;
  strings: CryptMethod;
}

export interface Decryptor {
  string(data: Uint8Array, num: number, gen: number): Uint8Array;
  stream(data: Uint8Array, num: number, gen: number): Uint8Array;
}

const PASSWORD_PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e,
  0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

const hash = (algorithm: string, ...parts: Uint8Array[]) => {
  const h = createHash(algorithm);
  for (const part of parts) h.update(part);
  return new Uint8Array(h.digest());
};

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/** AES-CBC with the IV in the first 16 bytes and PKCS#7 padding (kept when the padding is broken). */
function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 32) return new Uint8Array(0);
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  const run = (padding: boolean) => {
    const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, data.subarray(0, 16));
    decipher.setAutoPadding(padding);
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
  };
  try {
    return run(true);
  } catch {
    return run(false);
  }
}

function aesNoPadding(mode: 'encrypt' | 'decrypt', key: Uint8Array, iv: Uint8Array, data: Uint8Array) {
  const cipher =
    mode === 'encrypt'
      ? createCipheriv(`aes-${key.length * 8}-cbc`, key, iv)
      : createDecipheriv(`aes-${key.length * 8}-cbc`, key, iv);
  cipher.setAutoPadding(false);
  return new Uint8Array(Buffer.concat([cipher.update(data), cipher.final()]));
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Algorithms 2 and 4/5 (revisions 2-4): the file key from the empty user password, or null. */
function legacyFileKey(p: EncryptionParams): Uint8Array | null {
  const n = p.revision === 2 ? 5 : p.keyLength;
  const permissions = new Uint8Array(4);
  new DataView(permissions.buffer).setInt32(0, p.permissions, true);
  const parts = [PASSWORD_PAD, p.owner.subarray(0, 32), permissions, p.id];
  if (p.revision >= 4 && !p.encryptMetadata) parts.push(Uint8Array.from([255, 255, 255, 255]));
  let digest = hash('md5', ...parts);
  if (p.revision >= 3) for (let i = 0; i < 50; i++) digest = hash('md5', digest.subarray(0, n));
  const key = digest.subarray(0, n);

  if (p.revision === 2) return equal(rc4(key, PASSWORD_PAD), p.user.subarray(0, 32)) ? key : null;
  let check = rc4(key, hash('md5', PASSWORD_PAD, p.id));
  for (let i = 1; i <= 19; i++)
    check = rc4(
      key.map((b) => b ^ i),
      check,
    );
  return equal(check, p.user.subarray(0, 16)) ? key : null;
}

/** Algorithm 2.B (revision 6): the iterated SHA-2 hash of a password with a salt. */
function hash2B(password: Uint8Array, salt: Uint8Array, userData: Uint8Array): Uint8Array {
  let k = hash('sha256', password, salt, userData);
  let e = new Uint8Array(0);
  for (let round = 0; round < 64 || e[e.length - 1]! > round - 32; round++) {
    const block = new Uint8Array(password.length + k.length + userData.length);
    block.set(password, 0);
    block.set(k, password.length);
    block.set(userData, password.length + k.length);
    const k1 = new Uint8Array(block.length * 64);
    for (let i = 0; i < 64; i++) k1.set(block, i * block.length);
    e = aesNoPadding('encrypt', k.subarray(0, 16), k.subarray(16, 32), k1);
    const mod = e.subarray(0, 16).reduce((sum, b) => sum + b, 0) % 3;
    k = hash(['sha256', 'sha384', 'sha512'][mod]!, e);
  }
  return k.subarray(0, 32);
}

/** Algorithm 2.A (revisions 5 and 6): the file key from the empty user password, or null. */
function aes256FileKey(p: EncryptionParams): Uint8Array | null {
  const empty = new Uint8Array(0);
  const hashOf = (salt: Uint8Array) =>
    p.revision === 5 ? hash('sha256', empty, salt) : hash2B(empty, salt, empty);
  if (!p.userKey || p.user.length < 48) return null;
  if (!equal(hashOf(p.user.subarray(32, 40)), p.user.subarray(0, 32))) return null;
  return aesNoPadding(
    'decrypt',
    hashOf(p.user.subarray(40, 48)),
    new Uint8Array(16),
    p.userKey.subarray(0, 32),
  );
}

/** Algorithm 1: the key of one object (RC4 and AES-128 only; AES-256 uses the file key). */
function objectKey(fileKey: Uint8Array, num: number, gen: number, aes: boolean): Uint8Array {
  const suffix = [num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255];
  const salt = aes ? [0x73, 0x41, 0x6c, 0x54] : [];
  const digest = hash('md5', fileKey, Uint8Array.from([...suffix, ...salt]));
  return digest.subarray(0, Math.min(fileKey.length + 5, 16));
}

/** The decryptor for a document's encryption, or null when the empty user password does not open it. */
export function createDecryptor(p: EncryptionParams): Decryptor | null {
  const fileKey = p.revision >= 5 ? aes256FileKey(p) : legacyFileKey(p);
  if (!fileKey) return null;
  const decrypt = (method: CryptMethod, data: Uint8Array, num: number, gen: number): Uint8Array => {
    switch (method) {
      case 'none':
        return data;
      case 'rc4':
        return rc4(objectKey(fileKey, num, gen, false), data);
      case 'aes128':
        return aesDecrypt(objectKey(fileKey, num, gen, true), data);
      case 'aes256':
        return aesDecrypt(fileKey, data);
    }
  };
  return {
    string: (data, num, gen) => decrypt(p.strings, data, num, gen),
    stream: (data, num, gen) => decrypt(p.streams, data, num, gen),
  };
}
