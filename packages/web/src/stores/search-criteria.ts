import type { SearchFilter, SearchRequest } from '@rl/contract';
import {
  ASSET_CLASSES,
  COUNTRIES,
  REPORT_LANGUAGES,
  REPORT_TYPES,
  SEARCH_MAX_KEYWORD_LENGTH,
  SEARCH_PAGE_SIZE,
  SORTINGS,
  type Sorting,
} from '@rl/contract/constants';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from '@rl/contract/research-vocabulary';
import type { Contract } from '../api/contract';
import { titleOnlyByDefault } from './search-preference';

/** Everything that defines a result list; it lives in the URL. */
export interface SearchCriteria {
  keyword: string;
  filter: SearchFilter;
  /** The sorting the user picked; `undefined` means the default for the keyword. */
  sorting: Sorting | undefined;
  titleOnly: boolean;
  /** Search a keyword that reads as a ticker as words, not as that company's notes. */
  keywordAsText?: boolean;
  /** The keyword as typed only, not also its glossary equivalents in the other language. */
  oneLanguage?: boolean;
}

export const EMPTY_CRITERIA: SearchCriteria = {
  keyword: '',
  filter: {},
  sorting: undefined,
  titleOnly: false,
};

/** URL parameter names. */
export const PARAM = {
  keyword: 'q',
  sorting: 'sort',
  titleOnly: 'title_only',
  keywordAsText: 'words',
  oneLanguage: 'one_lang',
  from: 'from',
  to: 'to',
  language: 'lang',
  assetClass: 'asset_class',
  country: 'country',
  issuer: 'issuer',
  author: 'author',
  tag: 'tag',
  minPage: 'min_page',
  maxPage: 'max_page',
  reportType: 'type',
  rating: 'rating',
  ratingAction: 'action',
  sector: 'sector',
  ticker: 'ticker',
  file: 'file',
} as const;

/** An empty keyword forces sorting by date; otherwise relevance is the default (SPEC.md section 4). */
export function effectiveSorting(keyword: string, requested: Sorting | undefined): Sorting {
  if (!keyword.trim()) return requested === 'date_asc' ? 'date_asc' : 'date_desc';
  return requested ?? 'relevance';
}

/** Issuer names of the filter (the wire format joins them with commas). */
export function issuersOf(filter: SearchFilter): string[] {
  return (filter.issuer ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function joinIssuers(names: string[]): string | undefined {
  const cleaned = names.map((name) => name.replace(/,/g, ' ').trim()).filter(Boolean);
  return cleaned.length ? cleaned.join(',') : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function pageNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function text(value: string | null): string | undefined {
  return value?.trim() || undefined;
}

function uniqueList(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/**
 * Keeps only what the contract's rules accept: each field on its own (real calendar dates,
 * bounds), then the rules across fields (from not after to, min not above max).
 */
export function sanitizeCriteria(criteria: SearchCriteria, contract: Contract): SearchCriteria {
  const { shape } = contract.SearchFilter;
  const fields = Object.entries(criteria.filter).flatMap(([key, value]): [string, unknown][] => {
    const field = shape[key as keyof typeof shape] as
      { safeParse(input: unknown): { success: boolean } } | undefined;
    if (!field) return [];
    if (field.safeParse(value).success) return [[key, value]];
    if (!Array.isArray(value)) return [];
    // A list keeps the entries that pass on their own, if the shorter list passes.
    const kept = value.filter((entry) => field.safeParse([entry]).success);
    return kept.length && field.safeParse(kept).success ? [[key, kept]] : [];
  });
  let filter = Object.fromEntries(fields) as SearchFilter;
  const whole = contract.SearchFilter.safeParse(filter);
  if (!whole.success) {
    filter = { ...filter };
    for (const issue of whole.error.issues) delete filter[issue.path[0] as keyof SearchFilter];
    if (!contract.SearchFilter.safeParse(filter).success) filter = {};
  }
  return withKeywordLimit({ ...criteria, filter });
}

/** The criteria with the keyword cut to the contract's maximum length. */
export function withKeywordLimit(criteria: SearchCriteria): SearchCriteria {
  return criteria.keyword.length > SEARCH_MAX_KEYWORD_LENGTH
    ? { ...criteria, keyword: criteria.keyword.slice(0, SEARCH_MAX_KEYWORD_LENGTH) }
    : criteria;
}

/**
 * Reads the criteria from the URL, dropping values of the wrong shape instead of failing. The
 * contract's finer rules apply later in `sanitizeCriteria`.
 */
export function parseCriteria(params: URLSearchParams): SearchCriteria {
  const languages = uniqueList((params.get(PARAM.language) ?? '').split(',')).filter(
    (lang): lang is (typeof REPORT_LANGUAGES)[number] => oneOf(REPORT_LANGUAGES, lang) !== undefined,
  );
  const tags = uniqueList(params.getAll(PARAM.tag));
  const filter: SearchFilter = {
    issuer: joinIssuers(uniqueList(params.getAll(PARAM.issuer))),
    author: text(params.get(PARAM.author)),
    from_date: text(params.get(PARAM.from)),
    to_date: text(params.get(PARAM.to)),
    asset_class: oneOf(ASSET_CLASSES, params.get(PARAM.assetClass)),
    country: oneOf(COUNTRIES, params.get(PARAM.country)),
    language: languages.length ? languages : undefined,
    tags: tags.length ? tags : undefined,
    min_page: pageNumber(params.get(PARAM.minPage)),
    max_page: pageNumber(params.get(PARAM.maxPage)),
    report_type: listOf(REPORT_TYPES, params.get(PARAM.reportType)),
    rating: listOf(RATING_STEPS, params.get(PARAM.rating)),
    rating_action: listOf(RATING_ACTIONS, params.get(PARAM.ratingAction)),
    sector: listOf(SECTOR_IDS, params.get(PARAM.sector)),
    ticker: text(params.get(PARAM.ticker)),
  };
  return {
    keyword: params.get(PARAM.keyword) ?? '',
    filter: withoutEmpty(filter),
    sorting: oneOf(SORTINGS, params.get(PARAM.sorting)),
    titleOnly: titleOnlyOf(params.get(PARAM.titleOnly)),
    ...(params.get(PARAM.keywordAsText) === '1' ? { keywordAsText: true } : {}),
    ...(params.get(PARAM.oneLanguage) === '1' ? { oneLanguage: true } : {}),
  };
}

/** A comma-joined list of a vocabulary's values; unknown values dropped, undefined when none is left. */
function listOf<T extends string>(values: readonly T[], raw: string | null): T[] | undefined {
  const list = uniqueList((raw ?? '').split(',')).filter(
    (value): value is T => oneOf(values, value) !== undefined,
  );
  return list.length ? list : undefined;
}

/** `1` and `0` say it; without the parameter the user's search preference decides. */
function titleOnlyOf(value: string | null): boolean {
  return flagOf(value, titleOnlyByDefault);
}

function flagOf(value: string | null, byDefault: () => boolean): boolean {
  if (value === '1') return true;
  if (value === '0') return false;
  return byDefault();
}

/** The filter without unset fields. */
export function withoutEmpty(filter: SearchFilter): SearchFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as SearchFilter;
}

/** Writes the criteria into URL parameters (canonical order; defaults left out). */
export function criteriaToParams(criteria: SearchCriteria, fileId?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  const { filter } = criteria;
  const keyword = criteria.keyword.trim();
  if (keyword) params.set(PARAM.keyword, keyword);
  if (criteria.sorting && criteria.sorting !== effectiveSorting(keyword, undefined)) {
    params.set(PARAM.sorting, criteria.sorting);
  }
  if (criteria.titleOnly !== titleOnlyByDefault())
    params.set(PARAM.titleOnly, criteria.titleOnly ? '1' : '0');
  // Only a keyword can be read as a ticker, so the choice goes with it.
  if (keyword && criteria.keywordAsText) params.set(PARAM.keywordAsText, '1');
  // As typed only is chosen for one keyword, so it goes with it and is never a default.
  if (keyword && criteria.oneLanguage) params.set(PARAM.oneLanguage, '1');
  if (filter.from_date) params.set(PARAM.from, filter.from_date);
  if (filter.to_date) params.set(PARAM.to, filter.to_date);
  if (filter.language?.length) params.set(PARAM.language, filter.language.join(','));
  if (filter.asset_class) params.set(PARAM.assetClass, filter.asset_class);
  if (filter.country) params.set(PARAM.country, filter.country);
  for (const issuer of issuersOf(filter)) params.append(PARAM.issuer, issuer);
  if (filter.author) params.set(PARAM.author, filter.author);
  for (const tag of filter.tags ?? []) params.append(PARAM.tag, tag);
  if (filter.min_page !== undefined) params.set(PARAM.minPage, String(filter.min_page));
  if (filter.max_page !== undefined) params.set(PARAM.maxPage, String(filter.max_page));
  if (filter.report_type?.length) params.set(PARAM.reportType, filter.report_type.join(','));
  if (filter.rating?.length) params.set(PARAM.rating, filter.rating.join(','));
  if (filter.rating_action?.length) params.set(PARAM.ratingAction, filter.rating_action.join(','));
  if (filter.sector?.length) params.set(PARAM.sector, filter.sector.join(','));
  if (filter.ticker) params.set(PARAM.ticker, filter.ticker);
  if (fileId) params.set(PARAM.file, fileId);
  return params;
}

/** A stable identity of a result list: same key, same results. */
export function criteriaKey(criteria: SearchCriteria): string {
  return criteriaToParams({
    ...criteria,
    sorting: effectiveSorting(criteria.keyword, criteria.sorting),
  }).toString();
}

/** How many filters are set (title only counts as one). */
export function activeFilterCount(criteria: SearchCriteria): number {
  const { filter } = criteria;
  const dateRange = filter.from_date || filter.to_date ? 1 : 0;
  const pages = filter.min_page !== undefined || filter.max_page !== undefined ? 1 : 0;
  const others = [
    filter.language?.length,
    filter.asset_class,
    filter.country,
    filter.issuer,
    filter.author,
    filter.tags?.length,
    filter.report_type?.length,
    filter.rating?.length,
    filter.rating_action?.length,
    filter.sector?.length,
    filter.ticker,
  ];
  return (
    dateRange + pages + others.filter(Boolean).length + (criteria.titleOnly !== titleOnlyByDefault() ? 1 : 0)
  );
}

/**
 * A keyword searched from the search box: the choices made for the previous keyword (read it as
 * words, search it as typed only) were made for that keyword, and stay only when it is the same.
 */
export function withKeyword(criteria: SearchCriteria, keyword: string): SearchCriteria {
  const same = keyword.trim() === criteria.keyword.trim();
  return {
    ...criteria,
    keyword,
    keywordAsText: undefined,
    oneLanguage: same ? criteria.oneLanguage : undefined,
  };
}

/** Resetting restores default filters, keeping the keyword (and so relevance if there is one). */
export function resetFilters(criteria: SearchCriteria): SearchCriteria {
  return {
    ...EMPTY_CRITERIA,
    keyword: criteria.keyword,
    titleOnly: titleOnlyByDefault(),
    ...(criteria.oneLanguage ? { oneLanguage: true } : {}),
  };
}

/** The request of one page of results. */
export function toSearchRequest(criteria: SearchCriteria, page: number): SearchRequest {
  const keyword = criteria.keyword.trim();
  return {
    keyword,
    page_id: page,
    page_length: SEARCH_PAGE_SIZE,
    filter: criteria.filter,
    sorting: effectiveSorting(keyword, criteria.sorting),
    title_only: criteria.titleOnly,
    ...(criteria.keywordAsText ? { keyword_as_text: true } : {}),
    ...(criteria.oneLanguage ? { one_language: true } : {}),
  };
}
