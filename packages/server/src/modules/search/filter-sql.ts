import { sql, type RawBuilder } from 'kysely';
import type { SearchFilter } from '@rl/contract';
import { containingPattern, likeIgnoringCase } from '../../db/like.js';

/** The research filters counted per value (facets): each a column of `files`. */
export const FACET_FIELDS = ['rating', 'rating_action', 'report_type', 'sector'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/** The filters as one SQL condition on `files f`, or null when none is set. */
export function filterWhere(f: SearchFilter): RawBuilder<unknown> | null {
  const filters = filterConditions(f);
  return filters.length ? sql.join(filters, sql` AND `) : null;
}

/** The filters of SPEC.md section 3 as SQL conditions on `files f`. */
function filterConditions(f: SearchFilter): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [];
  const issuers = (f.issuer ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (issuers.length) c.push(sql`f.issuer IN (${sql.join(issuers)})`);
  if (f.author) c.push(likeIgnoringCase(sql.ref('f.authors'), containingPattern(f.author)));
  if (f.from_date) c.push(sql`f.publish_date >= ${f.from_date}`);
  if (f.to_date) c.push(sql`f.publish_date <= ${f.to_date}`);
  if (f.asset_class) c.push(sql`f.asset_class = ${f.asset_class}`);
  if (f.country) c.push(sql`f.country = ${f.country}`);
  if (f.language?.length) c.push(sql`f.language IN (${sql.join(f.language)})`);
  if (f.tags?.length) {
    c.push(
      sql`EXISTS (SELECT 1 FROM file_tags t WHERE t.file_seq = f.seq AND t.tag IN (${sql.join(f.tags)}))`,
    );
  }
  if (f.min_page !== undefined) c.push(sql`f.page_count >= ${f.min_page}`);
  if (f.max_page !== undefined) c.push(sql`f.page_count <= ${f.max_page}`);
  for (const field of FACET_FIELDS) {
    const values = f[field];
    if (values?.length) c.push(sql`${sql.ref(`f.${field}`)} IN (${sql.join(values)})`);
  }
  if (f.ticker) c.push(sql`f.seq IN (SELECT c.file_seq FROM file_companies c WHERE c.ticker = ${f.ticker})`);
  return c;
}
