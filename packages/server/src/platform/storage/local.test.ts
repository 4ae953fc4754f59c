import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageContract } from '../../../test/storage-contract.js';
import { createLocalStorage } from './local.js';
import { relativePathOf, sha256Hex } from './types.js';

storageContract('local folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rl-storage-'));
  const root = join(dir, 'files');
  return {
    storage: createLocalStorage(root),
    async plantLeftover(sha, suffix, bytes) {
      const path = join(root, relativePathOf(sha) + suffix);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('local folder store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'rl-storage-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const filesUnder = (root: string) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)));

  it('keeps no temporary name when the same source is put twice at once (one inode, two names)', async () => {
    const bytes = Buffer.from('%PDF-1.7\nsame source\n%%EOF\n');
    const source = join(dir, 'upload.part');
    writeFileSync(source, bytes);
    const sha = sha256Hex(bytes);
    const storage = createLocalStorage(join(dir, 'files'));
    await Promise.all([0, 1, 2].map(() => storage.putFile(source, sha, bytes.length)));
    expect(filesUnder(join(dir, 'files'))).toEqual([join(sha.slice(0, 2), sha.slice(2, 4), `${sha}.pdf`)]);
    expect(Buffer.from(await storage.read(sha))).toEqual(bytes);
  });
});
