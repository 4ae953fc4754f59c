import type { GlossaryOrigin } from '@rl/contract';
import { foldHan } from '@rl/contract/han-fold';
import type { GlossaryEntry } from './builtin-glossary.js';

/** An administrator's change as stored: a term added here, or a built-in term edited or removed. */
export interface GlossaryChange {
  id: string;
  /** The first Chinese form of the built-in term it replaces; null for a term added here. */
  builtin: string | null;
  entry: GlossaryEntry;
  removed: boolean;
  updatedAt: string;
  updatedBy: string;
}

/** A term of the glossary in use, or a built-in one removed here (kept so it can be restored). */
export interface GlossaryItem {
  id: string;
  entry: GlossaryEntry;
  origin: GlossaryOrigin;
  /** The built-in term as shipped, when there is one. */
  shipped: GlossaryEntry | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const builtinId = (entry: GlossaryEntry): string => `b:${entry.zh[0] ?? ''}`;

/**
 * The glossary in use: the built-in terms in their file's order, each replaced by its change when
 * there is one, then the terms added here, oldest first. A change to a built-in term that a later
 * release no longer ships stands as a term added here.
 */
export function mergeGlossary(
  builtin: readonly GlossaryEntry[],
  changes: readonly GlossaryChange[],
): GlossaryItem[] {
  const byBuiltin = new Map(changes.filter((c) => c.builtin !== null).map((c) => [c.builtin, c]));
  const items: GlossaryItem[] = [];
  const used = new Set<GlossaryChange>();
  for (const shipped of builtin) {
    const change = byBuiltin.get(shipped.zh[0] ?? '');
    if (change) used.add(change);
    items.push({
      id: builtinId(shipped),
      entry: change && !change.removed ? change.entry : shipped,
      origin: !change ? 'builtin' : change.removed ? 'removed' : 'edited',
      shipped,
      updatedAt: change?.updatedAt ?? null,
      updatedBy: change?.updatedBy ?? null,
    });
  }
  const added = changes
    .filter((c) => !used.has(c) && !c.removed)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0));
  for (const c of added)
    items.push({
      id: c.id,
      entry: c.entry,
      origin: 'added',
      shipped: null,
      updatedAt: c.updatedAt,
      updatedBy: c.updatedBy,
    });
  return items;
}

export const isActive = (item: GlossaryItem): boolean => item.origin !== 'removed';

/** The entries search, chat, translation and summaries read: the terms in use. */
export const activeEntries = (items: readonly GlossaryItem[]): GlossaryEntry[] =>
  items.filter(isActive).map((i) => i.entry);

/** A Chinese form as compared for clashes: traditional and simplified are one form. */
export const zhKey = (form: string): string => foldHan(form);

/** Which term in use owns each Chinese form (folded). */
export function zhOwners(items: readonly GlossaryItem[]): Map<string, GlossaryItem> {
  const owners = new Map<string, GlossaryItem>();
  for (const item of items)
    if (isActive(item)) for (const form of item.entry.zh) owners.set(zhKey(form), item);
  return owners;
}

export const sameEntry = (a: GlossaryEntry, b: GlossaryEntry): boolean =>
  a.domain === b.domain && a.zh.join('|') === b.zh.join('|') && a.en.join('|') === b.en.join('|');
