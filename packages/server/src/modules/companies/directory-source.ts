import { createHash } from 'node:crypto';
import { buildDirectory, type CompanyDirectory, type StoredName } from './company-directory.js';
import { loadListedCompanies, type ListedCompany } from './listed-companies.js';
import type { CompanyNamesRepo } from './names-repo.js';

/** How often a process asks the database whether the names changed (one small aggregate). */
export const DIRECTORY_RECHECK_MS = 2000;

/**
 * The company directory in use, built once in memory (a few thousand names: lookups on the search
 * path are map reads) and built again when the stored names changed: at once after this process
 * changed one (`changed`), and within `recheckMs` after any other process did (the console on
 * another instance, a job worker learning a name from a note), as the glossary does.
 */
export interface DirectorySource {
  /** The directory, and a tag that changes whenever its names do (cached answers tell them apart). */
  current(): Promise<CompanyDirectory & { tag: number }>;
  changed(): void;
}

type Built = CompanyDirectory & { tag: number; stamp: string };

export function createDirectorySource(
  repo: Pick<CompanyNamesRepo, 'all' | 'stamp'>,
  opts: { listed?: () => readonly ListedCompany[]; recheckMs?: number; now?: () => number } = {},
): DirectorySource {
  const listed = opts.listed ?? loadListedCompanies;
  const recheckMs = opts.recheckMs ?? DIRECTORY_RECHECK_MS;
  const now = opts.now ?? Date.now;
  let built: Built | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<Built> | null = null;
  let last: { signature: string; tag: number } = { signature: '', tag: 0 };
  const tagOf = (rows: StoredName[]) => {
    const signature = createHash('sha256').update(JSON.stringify(rows)).digest('base64url');
    if (signature !== last.signature) last = { signature, tag: last.tag + 1 };
    return last.tag;
  };
  const check = async (): Promise<Built> => {
    const stamp = await repo.stamp();
    if (built?.stamp !== stamp) {
      const rows = await repo.all();
      built = { ...buildDirectory(listed(), rows), tag: tagOf(rows), stamp };
    }
    checkedAt = now();
    return built;
  };
  return {
    current() {
      if (built && now() - checkedAt < recheckMs) return Promise.resolve(built);
      // One check at a time: the requests that arrive meanwhile share its answer (a failed one is
      // tried again by the next caller).
      checking ??= check().finally(() => (checking = null));
      return checking;
    },
    changed() {
      // A check under way may have read the names before the change: the next caller starts anew.
      built = null;
      checking = null;
    },
  };
}
