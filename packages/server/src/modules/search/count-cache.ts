import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

const MAX_ENTRIES = 2000;

/**
 * Exact counts of matches are the fixed cost of every search (about 5-15 ms for a common word over
 * 100,000 reports). They are remembered per query until the database changes: `version` answers a
 * token of the database's state that every relevant commit changes (full-text.ts), read before the
 * count, so a count is never stale, in any instance.
 */
export function createCountCache(db: Db, version: () => Promise<string>) {
  const cache = new Map<string, number>();
  let seen = '';

  return {
    async count(query: RawBuilder<{ n: number }>): Promise<number> {
      const now = await version();
      if (now !== seen) {
        cache.clear();
        seen = now;
      }
      const compiled = query.compile(db);
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, n);
      return n;
    },
  };
}
