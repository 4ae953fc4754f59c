import {
  ISSUER_NAME_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_TAG_MAX,
  MY_FILE_TAGS_MAX,
  MY_FILE_TITLE_MAX,
  RATING_ACTIONS,
  RATING_STEPS,
  TRANSLATION_LANG,
  type FileInfo,
  type FileListItem,
  type ListResearch,
  type NoteSources,
  type StockInformation,
  type TranslateStatus,
} from '@rl/contract';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../../db/schema.js';
import { registrationsOf, reportTypeOf, sectorOf } from './meta-columns.js';
import { boundedList, cutText } from '../../pdf/bounded-reading.js';
import { companyRows, oneOf } from './research-rows.js';
import type { ListRow } from './list-columns.js';
import { stringMapOf } from './string-map.js';
import { noteSourcesOf } from './fact-sources.js';

export type FileRow = Selectable<FilesTable>;

/** A stored JSON list column (authors, tags, keywords, regions) as strings; anything else is empty. */
export const jsonList = (json: string): string[] => {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.map(String) : [];
};

/**
 * The stored summaries by language (JSON object). The legacy key `zh` is accepted and copied into
 * `zh-hans`, which the web reads; anything that is not a string is dropped.
 */
export function presentSummaries(json: string | null | undefined): Record<string, string> {
  const out = Object.fromEntries(Object.entries(stringMapOf(json)).filter(([, text]) => text !== ''));
  if (out.zh && !out['zh-hans']) out['zh-hans'] = out.zh;
  return out;
}

/** The report's language, and zh-hans once the shared translation's PDF is there to read. */
function languagesOf(
  language: string,
  translation?: { status: TranslateStatus; url: string | null },
): string[] {
  const translated = translation?.status === 'finish' && Boolean(translation.url);
  return translated && language !== TRANSLATION_LANG ? [language, TRANSLATION_LANG] : [language];
}

/**
 * A list row carries a bounded title, issuer, analysts and tags whatever a row holds: ingestion and
 * the edit forms bound them, and a list answer stays small even for a row written before they did.
 */
export const listTitle = (title: string) => cutText(title, MY_FILE_TITLE_MAX);
export const listIssuer = (issuer: string) => cutText(issuer, ISSUER_NAME_MAX);
export const listAuthors = (json: string) =>
  boundedList(jsonList(json), MY_FILE_AUTHORS_MAX, MY_FILE_AUTHOR_MAX);
export const listTags = (json: string) => boundedList(jsonList(json), MY_FILE_TAGS_MAX, MY_FILE_TAG_MAX);

export function presentListItem(r: ListRow, snippet: string): FileListItem {
  return {
    id: r.id,
    file_name: r.file_name,
    title: listTitle(r.title),
    issuer: listIssuer(r.issuer),
    author: listAuthors(r.authors),
    tags: listTags(r.tags),
    language: r.language,
    page_count: r.page_count,
    publish_date: r.publish_date,
    asset_class: r.asset_class,
    country: r.country,
    report_type: reportTypeOf(r.report_type),
    sector: sectorOf(r.sector),
    research: listResearch(r.stock_information),
    snippet,
  };
}

/** What a result list shows of a note's research data: its first company's. */
export function listResearch(stockInformationJson: string): ListResearch | null {
  const first = companyRows(stockInformationJson)[0];
  if (!first) return null;
  return {
    ticker: first.ticker,
    company_name: first.company_name || null,
    rating: first.rating,
    rating_normalised: first.rating_normalised,
    rating_action: first.rating_action,
    previous_rating: first.previous_rating,
    target_price: first.target_price,
    currency: first.currency,
    previous_target_price: first.previous_target_price,
  };
}

/** The stored companies of a note (JSON list), as the contract gives them. */
export const stockInformationOf = (json: string): StockInformation[] => {
  const v: unknown = JSON.parse(json || '[]');
  return Array.isArray(v) ? (v as StockInformation[]) : [];
};

/** An industry note's view on its sector and the companies it mentions, when it has them. */
function industryView(r: FileRow): Pick<FileInfo['meta'], 'industry_rating' | 'mentioned_companies'> {
  const mentioned = stockInformationOf(r.mentioned_companies);
  return {
    ...(r.industry_rating
      ? {
          industry_rating: {
            rating: r.industry_rating,
            rating_normalised: oneOf(RATING_STEPS, r.industry_rating_normalised),
            rating_action: oneOf(RATING_ACTIONS, r.industry_rating_action),
          },
        }
      : {}),
    ...(mentioned.length > 0 ? { mentioned_companies: mentioned } : {}),
  };
}

/** Sources are sent only when the file has some: a file read before they were kept has none. */
const presentSources = (sources: NoteSources): { sources?: NoteSources } =>
  Object.keys(sources).length > 0 ? { sources } : {};

export function presentFileInfo(
  r: FileRow,
  extra: {
    fileUrl: string;
    permission: string[];
    /** The shared zh-hans translation: its status and, once finished, its PDF's signed URL. */
    translation?: { status: TranslateStatus; url: string | null };
  },
): FileInfo {
  return {
    id: r.id,
    file_name: r.file_name,
    file_type: r.file_type,
    status: r.status,
    updated_time: r.updated_time,
    upload_user: r.upload_user,
    upload_time: r.upload_time,
    owner_id: r.owner_id,
    visibility: r.visibility,
    file_token: r.sha256.slice(0, 16),
    encrypted_file_url: extra.fileUrl,
    permission: extra.permission,
    page_count: r.page_count,
    size_bytes: r.size_bytes,
    tags: listTags(r.tags),
    views: r.views,
    meta: {
      summary: r.summary,
      summary_compact: r.summary_compact,
      author: listAuthors(r.authors),
      keywords: jsonList(r.keywords),
      issuer: listIssuer(r.issuer),
      stock_information: stockInformationOf(r.stock_information),
      publish_date: r.publish_date,
      document_title: listTitle(r.title),
      asset_class: r.asset_class,
      language: r.language,
      geographic_region: jsonList(r.geographic_region),
      report_type: reportTypeOf(r.report_type),
      sector: sectorOf(r.sector),
      author_registrations: registrationsOf(r.author_registrations),
      ...industryView(r),
      ...presentSources(noteSourcesOf(r.fact_sources)),
    },
    multi_language: languagesOf(r.language, extra.translation),
    multi_language_summary: presentSummaries(r.multi_language_summary),
    multi_language_encrypted_file_url: extra.translation?.url
      ? { [TRANSLATION_LANG]: extra.translation.url }
      : {},
    cn_pdf_translate_status: extra.translation?.status ?? 'not_started',
    translate_failed_retry: false,
  };
}
