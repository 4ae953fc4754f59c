import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { STORAGE_SWEEP_MIN_AGE_MS, sweepStorage } from '../src/ingest/sweep-storage.js';
import { sha256Hex } from '../src/platform/storage/types.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

/** Sets a stored file's modification time `ageMs` before the library's clock. */
function age(path: string, ageMs: number): void {
  const t = (lib.clock.now().getTime() - ageMs) / 1000;
  utimesSync(path, t, t);
}
const pathOf = (sha: string) => join(lib.dir, 'files', sha.slice(0, 2), sha.slice(2, 4), `${sha}.pdf`);

describe('the storage sweep', () => {
  it('removes old PDFs no row refers to and old leftovers, and keeps the rest', async () => {
    const old = STORAGE_SWEEP_MIN_AGE_MS + 60_000;
    const kept = await lib.storage.put(pdf('referred to'));
    await buildFile(lib.db, { sha256: kept.sha256 });
    const orphan = await lib.storage.put(pdf('nobody refers to this'));
    const fresh = await lib.storage.put(pdf('stored a moment ago, its row not committed yet'));
    const leftover = `${pathOf(orphan.sha256)}.0123456789ab.tmp`;
    writeFileSync(leftover, 'half written');
    for (const p of [pathOf(kept.sha256), pathOf(orphan.sha256), leftover]) age(p, old);
    age(pathOf(fresh.sha256), 1000);

    expect(await sweepStorage(lib)).toEqual({ orphans: 1, leftovers: 1 });
    expect(await lib.storage.size(kept.sha256)).toBe(pdf('referred to').length);
    expect(await lib.storage.size(orphan.sha256)).toBeNull();
    expect(await lib.storage.size(fresh.sha256)).not.toBeNull();
    expect((await lib.storage.entries()).map((e) => e.path).sort()).toEqual(
      [pathOf(kept.sha256), pathOf(fresh.sha256)].sort(),
    );
    expect(await sweepStorage(lib)).toEqual({ orphans: 0, leftovers: 0 });
  });

  it('keeps an old PDF whose row is committed between the first look and the removal', async () => {
    const bytes = pdf('a re-upload of content deleted long ago');
    const sha = sha256Hex(bytes);
    await lib.storage.put(bytes);
    age(pathOf(sha), STORAGE_SWEEP_MIN_AGE_MS * 2);
    // The row lands between the sweep's first look and its check (removeUnless asks again).
    const repo = createFilesRepo(lib.db);
    let committed = false;
    await lib.storage.removeUnless(sha, async () => {
      if (!committed) {
        await buildFile(lib.db, { sha256: sha });
        committed = true;
      }
      return repo.shaInUse(sha);
    });
    expect(await lib.storage.size(sha)).toBe(bytes.length);
    expect((await sweepStorage(lib)).orphans).toBe(0);
  });
});
