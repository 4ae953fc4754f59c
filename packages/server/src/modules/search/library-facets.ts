import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { FACET_FIELDS, filterWhere, type FacetField } from './filter-sql.js';
import type { FullTextEngine } from './full-text.js';
import { createGenerationCache } from './generation-cache.js';
import { CACHED_COUNTS, FTS, ftsSeq } from './library-counts.js';
import type { SearchQuery } from './search-query.js';
import { filesWhere } from '../files/visibility.js';
import { vouchedWhere } from '../files/provenance.js';

/**
 * The library's matches of a search counted by each research field's values, each with every
 * other filter applied and its own left out (so a choice can be widened). Only vouched reports
 * are counted (an upload's unconfirmed rating is its uploader's claim, files/provenance.ts).
 * Remembered per query while the search generation stays.
 */
export function createLibraryFacets(db: Db, engine: FullTextEngine, generation: () => Promise<string>) {
  const facetCache = createGenerationCache<{ value: string; n: number }[]>(generation, CACHED_COUNTS);
  return async function facets(
    q: Pick<SearchQuery, 'parsed' | 'titleOnly' | 'filter'>,
  ): Promise<Record<FacetField, { value: string; count: number }[]>> {
    const match = engine.compile(q.parsed, q.titleOnly ? 'title' : 'all');
    const gen = await generation();
    const out = {} as Record<FacetField, { value: string; count: number }[]>;
    for (const field of FACET_FIELDS) {
      const where = filterWhere({ ...q.filter, [field]: undefined });
      const column = sql.ref(`f.${field}`);
      const from =
        match === null
          ? sql`FROM files f WHERE ${filesWhere().inLibrary}`
          : sql`FROM ${FTS} JOIN files f ON f.seq = ${ftsSeq} WHERE ${engine.matches('files_fts', match)}`;
      const query = sql<{ value: string; n: number }>`SELECT ${column} AS value, count(*) AS n ${from}
        AND ${column} IS NOT NULL AND ${vouchedWhere()} ${where ? sql`AND ${where}` : sql``} GROUP BY ${column}`;
      const compiled = query.compile(db);
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const rows = await facetCache.get(key, async () => (await query.execute(db)).rows, gen);
      out[field] = rows
        .map((r) => ({ value: r.value, count: Number(r.n) }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
    }
    return out;
  };
}
