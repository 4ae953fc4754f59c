import { z } from 'zod';
import {
  ASSET_CLASSES,
  COUNTRIES,
  FILE_STATUSES,
  REPORT_LANGUAGES,
  REPORT_TYPES,
  SEARCH_MAX_KEYWORD_LENGTH,
  SEARCH_MAX_PAGE_LENGTH,
  SEARCH_PAGE_SIZE,
  SORTINGS,
  TRANSLATE_STATUSES,
  VISIBILITIES,
} from './constants.js';
import { FileId, IsoDate, PagedAnswer, pageRequest } from './common.js';
import { CompanyRef, ListResearch, ResearchFilter } from './companies.js';
import { IndustryRating, NoteSources, SECTOR_IDS, StockResearchFields } from './research.js';

const optionalText = z.string().trim().max(200).optional();

/** Filter of /api/file/search (SPEC.md sections 3 and 7). */
export const SearchFilter = z
  .object({
    /** Issuer names, comma-joined. */
    issuer: z.string().trim().max(2000).optional(),
    author: optionalText,
    from_date: IsoDate.optional(),
    to_date: IsoDate.optional(),
    asset_class: z.enum(ASSET_CLASSES).optional(),
    country: z.enum(COUNTRIES).optional(),
    language: z.array(z.enum(REPORT_LANGUAGES)).max(REPORT_LANGUAGES.length).optional(),
    tags: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
    min_page: z.number().int().min(0).max(100000).optional(),
    max_page: z.number().int().min(0).max(100000).optional(),
    ...ResearchFilter,
  })
  .refine((f) => !f.from_date || !f.to_date || f.from_date <= f.to_date, {
    message: 'from_date must not be after to_date',
    path: ['from_date'],
  })
  .refine((f) => f.min_page === undefined || f.max_page === undefined || f.min_page <= f.max_page, {
    message: 'min_page must not be greater than max_page',
    path: ['min_page'],
  });
export type SearchFilter = z.infer<typeof SearchFilter>;

export const SearchRequest = z.object({
  keyword: z.string().max(SEARCH_MAX_KEYWORD_LENGTH).default(''),
  ...pageRequest(SEARCH_PAGE_SIZE, SEARCH_MAX_PAGE_LENGTH),
  filter: SearchFilter.default({}),
  /** Empty keyword always sorts by date, newest first. */
  sorting: z.enum(SORTINGS).optional(),
  title_only: z.boolean().default(false),
  /** A keyword that reads as a ticker finds that company's notes; true searches it as words. */
  keyword_as_text: z.boolean().default(false),
  /**
   * The keyword as typed only. By default a finance term also searches its glossary equivalents
   * (`半导体` finds semiconductor reports; the other forms are answered in `also_searched`).
   */
  one_language: z.boolean().default(false),
});
export type SearchRequest = z.input<typeof SearchRequest>;

/** The facets of a search: its keyword and filters, without paging. */
export const FacetsRequest = SearchRequest.pick({
  keyword: true,
  filter: true,
  title_only: true,
  one_language: true,
});
export type FacetsRequest = z.input<typeof FacetsRequest>;

/**
 * A report in a list that the viewer's plan does not open yet: the rule (the free plan's
 * file-age rule) and the first day (YYYY-MM-DD) it opens, so the list marks it before the click.
 */
export const FileLock = z.object({ reason: z.literal('file_age'), opens_at: z.string() });
export type FileLock = z.infer<typeof FileLock>;

/** A file as it appears in a result list. */
export const FileListItem = z.object({
  id: z.string(),
  file_name: z.string(),
  title: z.string(),
  issuer: z.string(),
  author: z.array(z.string()),
  tags: z.array(z.string()),
  language: z.string(),
  page_count: z.number().int(),
  publish_date: z.string().nullable(),
  asset_class: z.string().nullable(),
  country: z.string().nullable(),
  report_type: z.enum(REPORT_TYPES),
  sector: z.enum(SECTOR_IDS).nullable(),
  /** A company note's company, rating and target (the note's first company); null otherwise. */
  research: ListResearch.nullable(),
  /** HTML: text escaped, matched words wrapped in <mark>. Empty without a keyword. */
  snippet: z.string(),
  /** HTML: the title escaped, matched words wrapped in <mark>; only when the title matches a keyword. */
  title_html: z.string().optional(),
  /** True on the caller's own private uploads (only the owner ever sees them). */
  mine: z.boolean().optional(),
  /** Set when the viewer's plan does not open this report yet (the file-age rule). */
  locked: FileLock.optional(),
});
export type FileListItem = z.infer<typeof FileListItem>;

export const SearchResponse = z.object({
  file_list: z.array(FileListItem),
  ...PagedAnswer,
  sorting: z.enum(SORTINGS),
  /** Set when the keyword read as a company's ticker: the list is that company's notes. */
  company: CompanyRef.optional(),
  /**
   * Set when the keyword is a company's name (`腾讯`, `Tencent Holdings`): the search also matched
   * its other names, and the company's page is a click away.
   */
  company_named: CompanyRef.optional(),
  /** What the keyword was also searched as, through the glossary, by language (see one_language). */
  also_searched: z
    .array(z.object({ language: z.enum(REPORT_LANGUAGES), terms: z.array(z.string()) }))
    .optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const StockInformation = z.object({
  ticker: z.string().nullable(),
  company_name: z.string().nullable(),
  rating: z.string().nullable(),
  target_price: z.string().nullable(),
  ...StockResearchFields,
});
export type StockInformation = z.infer<typeof StockInformation>;

export const FileMeta = z.object({
  summary: z.string(),
  /** The short key-point form of the summary; '' when none. */
  summary_compact: z.string(),
  author: z.array(z.string()),
  keywords: z.array(z.string()),
  issuer: z.string(),
  stock_information: z.array(StockInformation),
  publish_date: z.string().nullable(),
  document_title: z.string(),
  asset_class: z.string().nullable(),
  language: z.string(),
  geographic_region: z.array(z.string()),
  /** What the report is (REPORT_TYPES). */
  report_type: z.enum(REPORT_TYPES),
  /** Our sector group of the note (SECTORS), when it has one. */
  sector: z.enum(SECTOR_IDS).nullable(),
  /** The analysts' registration numbers (执业证书编号) as the report prints them, by name. */
  author_registrations: z.record(z.string(), z.string()),
  /** An industry note's view on its sector, when it prints one (never a company's rating). */
  industry_rating: IndustryRating.optional(),
  /**
   * The companies an industry note only mentions; `stock_information` holds the companies a note
   * is about. Absent when there are none.
   */
  mentioned_companies: z.array(StockInformation).optional(),
  /**
   * Where the note's own facts were printed (page and line); each company's are in its
   * `stock_information` entry. Absent on files read before sources were kept.
   */
  sources: NoteSources.optional(),
});
export type FileMeta = z.infer<typeof FileMeta>;

const ByLang = z.record(z.string(), z.string());

export const FileInfo = z.object({
  id: z.string(),
  file_name: z.string(),
  file_type: z.string(),
  status: z.enum(FILE_STATUSES),
  updated_time: z.string(),
  upload_user: z.string().nullable(),
  upload_time: z.string(),
  owner_id: z.string().nullable(),
  visibility: z.enum(VISIBILITIES),
  /** Opaque token naming this version of the file's bytes (its content hash prefix). */
  file_token: z.string(),
  /** Signed, expiring URL streaming the PDF (supports HTTP Range). */
  encrypted_file_url: z.string(),
  /** What the caller may do with the file (FILE_PERMISSIONS). */
  permission: z.array(z.string()),
  page_count: z.number().int(),
  size_bytes: z.number().int(),
  tags: z.array(z.string()),
  views: z.number().int(),
  meta: FileMeta,
  multi_language: z.array(z.string()),
  multi_language_summary: ByLang,
  multi_language_encrypted_file_url: ByLang,
  cn_pdf_translate_status: z.enum(TRANSLATE_STATUSES),
  translate_failed_retry: z.boolean(),
});
export type FileInfo = z.infer<typeof FileInfo>;

export const FileIdRequest = z.object({ file_id: FileId });
export type FileIdRequest = z.infer<typeof FileIdRequest>;

export const FileDetailResponse = z.object({ file_info: FileInfo, starred: z.boolean() });
export type FileDetailResponse = z.infer<typeof FileDetailResponse>;

export const ViewResponse = z.object({ ok: z.literal(true), views: z.number().int() });

export const IssuerRequest = z.object({ input_content: z.string().trim().max(100).optional() });
export const IssuerItem = z.object({ name: z.string(), file_count: z.number().int() });
export type IssuerItem = z.infer<typeof IssuerItem>;
export const IssuerResponse = z.object({
  all: z.array(IssuerItem),
  star: z.array(IssuerItem),
  popular: z.array(IssuerItem),
});
export type IssuerResponse = z.infer<typeof IssuerResponse>;

export const TagSearchRequest = z.object({
  prefix: z.string().trim().max(60).default(''),
  limit: z.number().int().min(1).max(50).default(20),
});
export const TagSearchResponse = z.object({
  tags: z.array(z.object({ tag: z.string(), file_count: z.number().int() })),
});
export type TagSearchResponse = z.infer<typeof TagSearchResponse>;
