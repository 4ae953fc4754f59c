import type { z } from 'zod';
import type {
  AssetClass,
  CompanyCorrection,
  Country,
  ReportLanguage,
  ReportType,
  SectorId,
} from '@rl/contract';
import { stockInformationOf, type FileRow } from './presenter.js';
import type { FileMetaUpdate } from './repo.js';
import { correctedCompanies } from './corrected-companies.js';
import { withoutSourcesOf } from './fact-sources.js';

/**
 * The catalogue columns a person may correct (an upload's owner: all but the asset class, the
 * country and the language; an administrator: all). A column once corrected is kept as they set
 * it by every later re-reading.
 */
export const CORRECTABLE_FIELDS = [
  'title',
  'issuer',
  'publish_date',
  'authors',
  'report_type',
  'tags',
  'asset_class',
  'country',
  'language',
  'stock_information',
  'sector',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** A person's correction: the fields given replace what the reading read. */
export interface Correction {
  title?: string;
  issuer?: string;
  publish_date?: string | null;
  authors?: string[];
  report_type?: ReportType;
  tags?: string[];
  asset_class?: AssetClass | null;
  country?: Country | null;
  language?: ReportLanguage;
  /** The note's companies: the list replaces the one read ([] clears it). */
  stock_information?: z.output<typeof CompanyCorrection>[];
  sector?: SectorId | null;
}

/** The stored `corrected_fields` (JSON list) as field names; anything unknown is dropped. */
export function correctedFieldsOf(json: string): CorrectableField[] {
  let v: unknown;
  try {
    v = JSON.parse(json || '[]');
  } catch {
    return [];
  }
  return Array.isArray(v) ? CORRECTABLE_FIELDS.filter((f) => v.includes(f)) : [];
}

/** A corrected column's value as the contract gives it (lists parsed), for the audit log. */
export const correctionValue = (row: FileRow, field: CorrectableField): unknown =>
  field === 'authors' || field === 'tags' || field === 'stock_information'
    ? (JSON.parse(row[field]) as unknown)
    : row[field];

/** A JSON list column holds `value` (string lists are stored as JSON). */
const stored = (value: unknown): string | null =>
  Array.isArray(value) ? JSON.stringify(value) : (value as string | null);

/**
 * The row's catalogue columns with `c` applied, the fields whose value it changed, and
 * `corrected_fields` with those added. A changed country moves the region with it; changed
 * analysts keep the registration numbers of the names still there; companies are stored as a
 * reading stores them (correctedCompanies).
 */
export function applyCorrection(
  row: FileRow,
  correction: Correction,
): { columns: FileMetaUpdate & { corrected_fields: string }; changed: CorrectableField[] } {
  // The companies as they are stored, so an unchanged list reads as unchanged.
  const c = {
    ...correction,
    stock_information:
      correction.stock_information &&
      correctedCompanies(correction.stock_information, stockInformationOf(row.stock_information)),
  };
  const changed = CORRECTABLE_FIELDS.filter((f) => c[f] !== undefined && stored(c[f]) !== row[f]);
  const columns: FileMetaUpdate = {
    title: row.title,
    issuer: row.issuer,
    authors: row.authors,
    tags: row.tags,
    keywords: row.keywords,
    stock_information: row.stock_information,
    geographic_region: row.geographic_region,
    publish_date: row.publish_date,
    asset_class: row.asset_class,
    country: row.country,
    language: row.language,
    page_count: row.page_count,
    report_type: row.report_type,
    author_registrations: row.author_registrations,
    sector: row.sector,
    // A corrected fact is the person's, printed nowhere.
    fact_sources: withoutSourcesOf(row.fact_sources, changed),
  };
  for (const f of changed) Object.assign(columns, { [f]: stored(c[f]) });
  if (changed.includes('country')) columns.geographic_region = JSON.stringify(c.country ? [c.country] : []);
  if (changed.includes('authors')) {
    const numbers = JSON.parse(row.author_registrations || '{}') as Record<string, string>;
    const names = new Set(c.authors);
    columns.author_registrations = JSON.stringify(
      Object.fromEntries(Object.entries(numbers).filter(([name]) => names.has(name))),
    );
  }
  const all = new Set<string>([...correctedFieldsOf(row.corrected_fields), ...changed]);
  const corrected = JSON.stringify(CORRECTABLE_FIELDS.filter((f) => all.has(f)));
  return { columns: { ...columns, corrected_fields: corrected }, changed };
}

/**
 * What a new reading of a file read, with every field a person corrected as they set it (the
 * region follows a corrected country, the registration numbers corrected analysts).
 */
export function keepCorrections(read: FileMetaUpdate, row: FileRow): FileMetaUpdate {
  const corrected = correctedFieldsOf(row.corrected_fields);
  const out = { ...read, fact_sources: withoutSourcesOf(read.fact_sources ?? '{}', corrected) };
  for (const field of corrected) {
    Object.assign(out, { [field]: row[field] });
    if (field === 'authors') out.author_registrations = row.author_registrations;
    if (field === 'country') out.geographic_region = row.geographic_region;
  }
  // The reading took the note for an industry note and its companies for mentioned ones; a person
  // said it is not one: they are its subject again.
  if (
    corrected.includes('report_type') &&
    !corrected.includes('stock_information') &&
    out.report_type !== 'industry' &&
    out.stock_information === '[]' &&
    out.mentioned_companies &&
    out.mentioned_companies !== '[]'
  )
    Object.assign(out, { stock_information: out.mentioned_companies, mentioned_companies: '[]' });
  return out;
}
