import type { GlossaryEntry } from './builtin-glossary.js';
import { activeEntries, mergeGlossary, type GlossaryItem } from './effective.js';
import type { GlossarySource } from './glossary-source.js';
import type { GlossaryRepo } from './repo.js';

/** How often a process asks the database whether the glossary changed (one primary-key read). */
export const GLOSSARY_RECHECK_MS = 2000;

interface Snapshot {
  version: string;
  items: GlossaryItem[];
  entries: GlossaryEntry[];
}

export interface GlossaryStore extends GlossarySource {
  /** Every term, removed built-in ones included, as of now (`fresh`) or of the last check. */
  items(options?: { fresh?: boolean }): Promise<GlossaryItem[]>;
}

/**
 * The glossary in use in this process: the built-in terms with the administrator's changes. It
 * rereads the changes when the version row moved, checked at most every `recheckMs`, so a change
 * made on any instance is in use everywhere within seconds, without a restart. Between changes
 * `current()` returns the same array, so readers can cache what they derive from it by identity.
 */
export function createGlossaryStore(
  repo: Pick<GlossaryRepo, 'version' | 'changes'>,
  builtin: () => readonly GlossaryEntry[],
  options: { recheckMs?: number; now?: () => number } = {},
): GlossaryStore {
  const recheckMs = options.recheckMs ?? GLOSSARY_RECHECK_MS;
  const now = options.now ?? Date.now;
  let snapshot: Snapshot | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<Snapshot> | null = null;

  const check = async (): Promise<Snapshot> => {
    const version = await repo.version();
    if (snapshot?.version !== version) {
      const items = mergeGlossary(builtin(), await repo.changes());
      snapshot = { version, items, entries: activeEntries(items) };
    }
    checkedAt = now();
    return snapshot;
  };

  const read = (fresh: boolean): Promise<Snapshot> => {
    // A fresh read (the console, after a change) does not share a check that began before it.
    if (fresh) return check();
    if (snapshot && now() - checkedAt < recheckMs) return Promise.resolve(snapshot);
    // One check at a time: the requests that arrive meanwhile share its answer.
    checking ??= check().finally(() => (checking = null));
    return checking;
  };

  return {
    current: async () => (await read(false)).entries,
    items: async (o) => (await read(o?.fresh ?? false)).items,
  };
}
