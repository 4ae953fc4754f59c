import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';

const MAX_ENTRIES = 2000;

/**
 * Exact counts of matches are the fixed cost of every search (about 5-15 ms for a common word over
 * 100,000 reports). They are remembered per query until the database changes: the key includes
 * SQLite's data_version (bumped by other connections' commits) and this connection's
 * total_changes(), so a count is never stale.
 */
export function createCountCache(db: Db) {
  const cache = new Map<string, number>();
  let version = '';

  return {
    async count(query: RawBuilder<{ n: number }>): Promise<number> {
      const v = await sql<{
        v: number;
        c: number;
      }>`SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c`.execute(db);
      const now = `${v.rows[0]?.v}:${v.rows[0]?.c}`;
      if (now !== version) {
        cache.clear();
        version = now;
      }
      const compiled = query.compile(db);
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const n = (await query.execute(db)).rows[0]?.n ?? 0;
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, n);
      return n;
    },
  };
}
