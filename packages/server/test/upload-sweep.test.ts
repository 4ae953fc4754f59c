import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUploads } from '../src/modules/uploads/sweep.js';
import { createUploadDir } from '../src/modules/uploads/temp-files.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/** What a kill -9 leaves among one-request uploads is swept at the next start, not an hour later. */

let lib: TestLibrary;
beforeAll(async () => (lib = await openTestLibrary()));
afterAll(() => lib.close());

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('sweepUploads', () => {
  it('removes a fresh temporary file whose writing process is gone, and keeps a live one', async () => {
    const dir = join(lib.dir, 'uploads');
    mkdirSync(dir, { recursive: true });
    const orphan = join(dir, `single-${deadPid()}-abc.tmp`);
    const live = join(dir, `single-${process.pid}-def.tmp`);
    const unnamed = join(dir, 'single-ghi.tmp');
    for (const path of [orphan, live, unnamed]) writeFileSync(path, 'half an upload');

    const swept = await sweepUploads({ db: lib.db, dir: createUploadDir(dir), clock: lib.clock });

    expect(swept.files).toBe(1);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live)).toBe(true);
    // Of an older name, its writer unknown: kept until it is an hour old.
    expect(existsSync(unnamed)).toBe(true);
  });

  it('names a new temporary file after the process writing it', async () => {
    const path = await createUploadDir(join(lib.dir, 'uploads')).newTempPath();
    expect(path).toMatch(new RegExp(`single-${process.pid}-[\\w-]+\\.tmp$`));
  });
});
