import { stringMapOf } from './string-map.js';
import {
  RATING_ACTIONS,
  RATING_STEPS,
  REPORT_TYPES,
  SECTOR_IDS,
  type ReportType,
  type SectorId,
} from '@rl/contract';
import { oneOf } from './research-rows.js';
import { noteSourcesOf } from './fact-sources.js';
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
    // A reading writes the sector's view and the mentioned companies, cleared when it found none.
    industry_rating: m.industryRating?.rating ?? null,
    industry_rating_normalised: m.industryRating?.step ?? null,
    industry_rating_action: m.industryRating?.action ?? null,
    mentioned_companies: JSON.stringify(m.mentionedCompanies ?? []),
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
    ...(f.mentioned_companies && f.mentioned_companies !== '[]'
      ? { mentionedCompanies: JSON.parse(f.mentioned_companies) as InferredMeta['stockInformation'] }
      : {}),
    ...industryRatingOf(f),
    sources: noteSourcesOf(f.fact_sources ?? '{}'),
    pageCount: f.page_count,
  };
}

/** The stored view on a sector (0029), as the reading gives it; nothing when none is stored. */
function industryRatingOf(f: FileMetaUpdate): Pick<InferredMeta, 'industryRating'> {
  if (!f.industry_rating) return {};
  return {
    industryRating: {
      rating: f.industry_rating,
      step: oneOf(RATING_STEPS, f.industry_rating_normalised),
      action: oneOf(RATING_ACTIONS, f.industry_rating_action),
    },
  };
}
