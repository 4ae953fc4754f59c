import { createHash } from 'node:crypto';
import { buildDirectory, type CompanyDirectory, type StoredName } from './company-directory.js';
import { loadListedCompanies, type ListedCompany } from './listed-companies.js';
import type { CompanyNamesRepo } from './names-repo.js';

/**
 * The company directory in use, built once in memory (a few thousand names: lookups on the search
 * path are map reads) and built again after this process changes a name (`changed`), or once it is
 * `maxAgeMs` old: names learned by another process (a job worker reading a note) arrive within it.
 */
export interface DirectorySource {
  /** The directory, and a tag that changes whenever its names do (cached answers tell them apart). */
  current(): Promise<CompanyDirectory & { tag: number }>;
  changed(): void;
}

export function createDirectorySource(
  repo: Pick<CompanyNamesRepo, 'all'>,
  opts: { listed?: () => readonly ListedCompany[]; maxAgeMs?: number } = {},
): DirectorySource {
  const listed = opts.listed ?? loadListedCompanies;
  const maxAgeMs = opts.maxAgeMs ?? 60_000;
  let built: { at: number; directory: Promise<CompanyDirectory & { tag: number }> } | null = null;
  let last: { signature: string; tag: number } = { signature: '', tag: 0 };
  const tagOf = (rows: StoredName[]) => {
    const signature = createHash('sha256').update(JSON.stringify(rows)).digest('base64url');
    if (signature !== last.signature) last = { signature, tag: last.tag + 1 };
    return last.tag;
  };
  return {
    current() {
      const now = Date.now();
      if (!built || now - built.at > maxAgeMs) {
        const directory = repo
          .all()
          .then((rows) => ({ ...buildDirectory(listed(), rows), tag: tagOf(rows) }));
        built = { at: now, directory };
        // A failed read is tried again by the next caller.
        directory.catch(() => {
          if (built?.directory === directory) built = null;
        });
      }
      return built.directory;
    },
    changed() {
      built = null;
    },
  };
}
