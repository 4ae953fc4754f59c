import type { Db } from '../db/database.js';
import { createFilesRepo } from '../modules/files/repo.js';
import type { Clock } from '../platform/clock.js';
import type { FileStorage } from '../platform/storage/types.js';

/**
 * Stored files this old may be swept: far longer than the moment between storing an upload's
 * bytes and committing its row, so a write under way is never taken for a leftover.
 */
export const STORAGE_SWEEP_MIN_AGE_MS = 3600_000;

/**
 * Removes what a crash can leave in the store: PDFs no file row refers to (a crash between storing
 * and committing, or between deleting a row and removing its bytes) and temporary names of
 * interrupted writes and removals. Runs at start, in the background; answers what it removed.
 */
export async function sweepStorage(deps: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}): Promise<{ orphans: number; leftovers: number }> {
  const files = createFilesRepo(deps.db);
  const before = deps.clock.now().getTime() - STORAGE_SWEEP_MIN_AGE_MS;
  let orphans = 0;
  let leftovers = 0;
  for (const entry of await deps.storage.entries()) {
    if (entry.mtimeMs > before) break; // oldest first: the rest are newer still
    if (entry.sha256 === null) {
      await deps.storage.removeLeftover(entry);
      leftovers++;
    } else if (!(await files.shaInUse(entry.sha256))) {
      const sha = entry.sha256;
      await deps.storage.removeUnless(sha, () => files.shaInUse(sha));
      orphans++;
    }
  }
  return { orphans, leftovers };
}
