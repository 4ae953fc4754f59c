/** Business constants shared by the server and the web app (SPEC.md section 9). */

export const ASSET_CLASSES = [
  'Equities',
  'FX',
  'Rates',
  'Commodities',
  'Credit',
  'Cross Assets',
  'Economics',
] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const COUNTRIES = [
  'U.S.',
  'EU',
  'UK',
  'EM',
  'China',
  'Japan',
  'India',
  'Global',
  'Other countries',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** What a report is: a broker's company, industry, macro, strategy, fixed-income or quantitative note, a filing, or other. */
export const REPORT_TYPES = [
  'company',
  'industry',
  'macro',
  'strategy',
  'fixed_income',
  'quantitative',
  'filing',
  'other',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Interface languages of the web app; the first is its default. */
export const INTERFACE_LOCALES = ['en-US', 'zh-CN'] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (INTERFACE_LOCALES as readonly string[]).includes(value);
}

/** Languages a report can be written in. */
export const REPORT_LANGUAGES = ['en', 'zh'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const SORTINGS = ['relevance', 'date_desc', 'date_asc'] as const;
export type Sorting = (typeof SORTINGS)[number];

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_LENGTH = 100;
export const SEARCH_MAX_KEYWORD_LENGTH = 200;

export const FILE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const TRANSLATE_STATUSES = ['not_started', 'pending', 'finish', 'failed'] as const;
export type TranslateStatus = (typeof TRANSLATE_STATUSES)[number];

/** Target language key of translations (the legacy key `zh` is copied into it). */
export const TRANSLATION_LANG = 'zh-hans' as const;

/** Ingestion limits. */
export const INGEST_MAX_BYTES = 200 * 1024 * 1024;
export const INGEST_MAX_PAGES = 2000;

export * from './plans.js';
export * from './account-rules.js';
export * from './error-codes.js';
export * from './library-rules.js';

/**
 * Lifetime of an admin token: shorter than a user session (SESSION_TTL_DAYS). Here, not beside the
 * admin payloads: the server's configuration reads it without building every schema of the contract.
 */
export const ADMIN_TOKEN_TTL_HOURS = 12;
