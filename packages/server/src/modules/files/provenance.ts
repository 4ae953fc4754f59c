import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CorrectableField } from './corrections.js';
import type { FileRow } from './presenter.js';

/**
 * Whose word a report's research data is. A report the library imported is the library's; a
 * published upload's broker, companies, ratings and targets are its uploader's claim (read from a
 * PDF they made, or typed in their edit form) until an administrator confirms them. Only vouched
 * reports make the company pages, the research facets and the follows of others: an uploader cannot
 * put a broker's name on a view nobody checked.
 */
type Provenance = Pick<FileRow, 'owner_id' | 'research_confirmed_at'>;

/** The library's own report, or an upload whose research data an administrator confirmed. */
export const isVouched = (file: Provenance): boolean =>
  file.owner_id === null || file.research_confirmed_at !== null;

/** isVouched as SQL over a files table named `alias`. */
export function vouchedWhere(alias = 'f'): RawBuilder<SqlBool> {
  const owner = sql.ref(`${alias}.owner_id`);
  const confirmed = sql.ref(`${alias}.research_confirmed_at`);
  return sql<SqlBool>`(${owner} IS NULL OR ${confirmed} IS NOT NULL)`;
}

/**
 * The fields whose change by an owner voids a confirmation: what a company page and a follow read
 * (the broker, the date that orders views, the analysts, the companies with their ratings and
 * targets, the kind of report, the sector). A new title alone keeps it.
 */
export const CLAIM_FIELDS: readonly CorrectableField[] = [
  'issuer',
  'publish_date',
  'authors',
  'report_type',
  'stock_information',
  'sector',
];

export const changesClaim = (changed: readonly CorrectableField[]): boolean =>
  changed.some((f) => CLAIM_FIELDS.includes(f));
