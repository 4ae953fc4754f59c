import { stringMapOf } from './string-map.js';
import { noteSourcesOf } from './fact-sources.js';
import { REPORT_TYPES, SECTOR_IDS, type ReportType, type SectorId } from '@rl/contract';
import type { FileMetaUpdate } from './repo.js';
import type { InferredMeta } from '../../pdf/infer-metadata.js';

/** Inferred metadata as the columns of the files table, and back. */
export function metaColumns(m: InferredMeta): FileMetaUpdate {
  return {
    title: m.title,
    issuer: m.issuer,
    authors: JSON.stringify(m.authors),
    tags: JSON.stringify(m.tags),
    keywords: JSON.stringify(m.keywords),
    stock_information: JSON.stringify(m.stockInformation),
    geographic_region: JSON.stringify([m.country]),
    publish_date: m.publishDate,
    asset_class: m.assetClass,
    country: m.country,
    language: m.language,
    page_count: m.pageCount,
    report_type: m.reportType,
    author_registrations: JSON.stringify(m.authorRegistrations),
    sector: m.sector,
    fact_sources: JSON.stringify(m.sources ?? {}),
  };
}

/** A stored report type; anything the contract does not know (a row written by hand) reads as other. */
export const reportTypeOf = (stored: string): ReportType =>
  (REPORT_TYPES as readonly string[]).includes(stored) ? (stored as ReportType) : 'other';

/** A stored sector; anything the contract does not know reads as none. */
export const sectorOf = (stored: string | null): SectorId | null =>
  stored !== null && (SECTOR_IDS as readonly string[]).includes(stored) ? (stored as SectorId) : null;

/** A stored JSON object of strings (registration numbers by analyst); anything else is empty. */
export const registrationsOf = (json: string): Record<string, string> => stringMapOf(json);

export function metaFromColumns(f: FileMetaUpdate): InferredMeta {
  return {
    title: f.title,
    issuer: f.issuer,
    authors: JSON.parse(f.authors) as string[],
    authorRegistrations: registrationsOf(f.author_registrations),
    reportType: reportTypeOf(f.report_type),
    tags: JSON.parse(f.tags) as string[],
    keywords: JSON.parse(f.keywords) as string[],
    stockInformation: JSON.parse(f.stock_information) as InferredMeta['stockInformation'],
    publishDate: f.publish_date,
    assetClass: f.asset_class as InferredMeta['assetClass'],
    country: f.country as InferredMeta['country'],
    language: f.language as InferredMeta['language'],
    sector: sectorOf(f.sector),
    sources: noteSourcesOf(f.fact_sources ?? '{}'),
    pageCount: f.page_count,
  };
}
