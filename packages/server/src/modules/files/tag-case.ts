import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Tags that differ only in letter case are one tag ("Inflation" and "inflation"). */
export const tagKey = (tag: string): string => tag.toLowerCase();

/**
 * A file's tags with one spelling per tag: the library's usual spelling when it has the tag
 * already (`usual`, by tagKey), else the first spelling given; repeats dropped, order kept.
 */
export function foldTagCase(tags: readonly string[], usual: ReadonlyMap<string, string>): string[] {
  const byKey = new Map<string, string>();
  for (const tag of tags) {
    const key = tagKey(tag);
    if (!byKey.has(key)) byKey.set(key, usual.get(key) ?? tag);
  }
  return [...byKey.values()];
}

/**
 * The usual spelling of each of these tags among the other files' tags: the one most files use
 * (ties: the first in code-point order, so every run picks the same).
 */
export async function usualSpellings(
  db: Db,
  tags: readonly string[],
  exceptSeq: number,
): Promise<Map<string, string>> {
  const usual = new Map<string, string>();
  const keys = [...new Set(tags.map(tagKey))];
  if (!keys.length) return usual;
  const r = await sql<{ tag: string; n: number }>`SELECT tag, count(*) AS n FROM file_tags
    WHERE lower(tag) IN (${sql.join(keys)}) AND file_seq <> ${exceptSeq}
    GROUP BY tag`.execute(db);
  const ranked = r.rows
    .map((row) => ({ tag: row.tag, n: Number(row.n) }))
    .sort((a, b) => b.n - a.n || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  for (const { tag } of ranked) if (!usual.has(tagKey(tag))) usual.set(tagKey(tag), tag);
  return usual;
}
