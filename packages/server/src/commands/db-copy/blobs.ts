import { join } from 'node:path';
import { relativePathOf, type FileStorage } from '../../platform/storage/types.js';
import { eachAtOnce } from './each-at-once.js';

/** PDFs sent at once: an object store answers each request slowly, but many in parallel. */
const AT_ONCE = 8;

export interface BlobReport {
  copied: number;
  /** Already in the target store with the same size (a second run, or content shared by rows). */
  present: number;
  /** Referred to by a row but not in the source folder: the library was already missing them. */
  missing: string[];
}

/**
 * Copies the stored PDFs `shas` from the local folder `root` (content-addressed, ab/cd/<sha>.pdf)
 * into `target`, each streamed from disk; those already there are skipped.
 */
export async function copyBlobs(
  shas: string[],
  from: { root: string; storage: Pick<FileStorage, 'size'> },
  target: Pick<FileStorage, 'size' | 'putFile'>,
  progress: (done: number) => void = () => undefined,
): Promise<BlobReport> {
  const report: BlobReport = { copied: 0, present: 0, missing: [] };
  let done = 0;
  await eachAtOnce(shas, AT_ONCE, async (sha) => {
    const size = await from.storage.size(sha);
    if (size === null) report.missing.push(sha);
    else if ((await target.size(sha)) === size) report.present++;
    else {
      await target.putFile(join(from.root, relativePathOf(sha)), sha, size);
      report.copied++;
    }
    if (++done % 500 === 0) progress(done);
  });
  return report;
}
