import { z } from 'zod';
import { REPORT_TYPES } from './constants.js';
import { COMPANY_NAME_MAX, RATING_LABEL_MAX, RESEARCH_COMPANIES_MAX, TICKER_MAX } from './library-rules.js';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from './research.js';

/**
 * Companies as the library knows them from the notes that cover them: the type-ahead of the
 * search's company filter, the facets of a search, and the page of one company.
 */

/** A canonical ticker (`600519.SH`, `0700.HK`, `AAPL.US`, or a bare code when the exchange is unknown). */
export const CanonicalTicker = z
  .string()
  .trim()
  .min(1)
  .max(TICKER_MAX)
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, 'a ticker such as 600519.SH or AAPL.US');

export const CompanyRef = z.object({
  /** As stored: canonical for research notes; a filing keeps its bare symbol. */
  ticker: z.string(),
  /** The name the notes print most, in the language they are written in. */
  name: z.string(),
});
export type CompanyRef = z.infer<typeof CompanyRef>;

export const CompanySearchRequest = z.object({
  /** A ticker in any printed form, or a part of a Chinese or English name. */
  input_content: z.string().trim().max(60).default(''),
  limit: z.number().int().min(1).max(50).default(10),
});
export type CompanySearchRequest = z.input<typeof CompanySearchRequest>;

export const CompanySummary = CompanyRef.extend({
  /** Every name the notes print for it (English and Chinese), most printed first. */
  names: z.array(z.string()),
  /**
   * The names it is known by in either language, English first, full names before short forms:
   * the table of listed companies, names notes print beside its tickers, the console's edits.
   */
  known_names: z.array(z.string()).optional(),
  report_count: z.number().int(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

export const CompanySearchResponse = z.object({ companies: z.array(CompanySummary) });
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;

/** A note's call on a company: its rating as printed and normalised, the action, the target. */
const ResearchCall = z.object({
  /** As printed (`Overweight`, `买入`). */
  rating: z.string().nullable(),
  rating_normalised: z.enum(RATING_STEPS).nullable(),
  rating_action: z.enum(RATING_ACTIONS).nullable(),
  previous_rating: z.string().nullable(),
  target_price: z.number().nullable(),
  currency: z.string().nullable(),
  previous_target_price: z.number().nullable(),
});

/** One note's view of a company: its broker, date, rating, action and target. */
export const BrokerView = ResearchCall.extend({
  file_id: z.string(),
  title: z.string(),
  issuer: z.string(),
  publish_date: z.string().nullable(),
  language: z.string(),
});
export type BrokerView = z.infer<typeof BrokerView>;

/** A company's name as typed (`腾讯`, `Tencent Holdings`). */
export const CompanyNameInput = z
  .string()
  .trim()
  .min(1)
  .max(COMPANY_NAME_MAX)
  // Letters, digits and the punctuation names print (`AT&T`, `L'Oreal`, `Yum! Brands`), no markup.
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^<>{}\\\u0000-\u001f\u007f]*[\p{L}\p{N}][^<>{}\\\u0000-\u001f\u007f]*$/u, 'a company name');

/** The company by its ticker, or by any of its names in either language. */
export const CompanyDetailRequest = z
  .object({ ticker: CanonicalTicker.optional(), name: CompanyNameInput.optional() })
  .refine((r) => (r.ticker === undefined) !== (r.name === undefined), {
    message: 'give either a ticker or a name',
  });

export const CompanyDetailResponse = z.object({
  company: CompanySummary.extend({
    exchange: z.string().nullable(),
    sector: z.enum(SECTOR_IDS).nullable(),
  }),
  /** The latest view of each broker, newest first. */
  latest_views: z.array(BrokerView),
  /** Every dated view, oldest first: the chart of targets over time and its rating changes. */
  history: z.array(BrokerView),
  /** The latest views counted by rating step. */
  rating_distribution: z.record(z.enum(RATING_STEPS), z.number().int()),
});
export type CompanyDetailResponse = z.infer<typeof CompanyDetailResponse>;

/** Counts per value of a search's research fields (the filters' facets). */
export const FacetCount = z.object({ value: z.string(), count: z.number().int() });
export const SearchFacets = z.object({
  rating: z.array(FacetCount),
  rating_action: z.array(FacetCount),
  report_type: z.array(FacetCount),
  sector: z.array(FacetCount),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

/** The research filters of /api/file/search (added to SearchFilter). */
export const ResearchFilter = {
  report_type: z.array(z.enum(REPORT_TYPES)).max(REPORT_TYPES.length).optional(),
  rating: z.array(z.enum(RATING_STEPS)).max(RATING_STEPS.length).optional(),
  rating_action: z.array(z.enum(RATING_ACTIONS)).max(RATING_ACTIONS.length).optional(),
  sector: z.array(z.enum(SECTOR_IDS)).max(SECTOR_IDS.length).optional(),
  /** A company's canonical ticker (`600519.SH`): the notes that cover it. */
  ticker: CanonicalTicker.optional(),
};

/** What a result list shows of a company note: its company, rating, action and target. */
export const ListResearch = ResearchCall.extend({
  ticker: z.string().nullable(),
  company_name: z.string().nullable(),
});
export type ListResearch = z.infer<typeof ListResearch>;

const CorrectedLabel = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => !/\p{Cc}/u.test(s), 'The text has control characters')
    .nullable()
    .optional();
const Price = z.number().positive().max(1e9).nullable().optional();

/**
 * One company of a note as a person corrects it (`stock_information` of the edit calls): the
 * list given replaces the one read; a re-reading keeps it.
 */
export const CompanyCorrection = z.object({
  ticker: CanonicalTicker,
  company_name: CorrectedLabel(COMPANY_NAME_MAX),
  /** The rating as printed (`Overweight`, `买入`). */
  rating: CorrectedLabel(RATING_LABEL_MAX),
  rating_normalised: z.enum(RATING_STEPS).nullable().optional(),
  rating_action: z.enum(RATING_ACTIONS).nullable().optional(),
  previous_rating: CorrectedLabel(RATING_LABEL_MAX),
  target_price_value: Price,
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A currency is an ISO 4217 code such as CNY or USD')
    .nullable()
    .optional(),
  previous_target_price: Price,
});
export type CompanyCorrection = z.input<typeof CompanyCorrection>;

/** The research fields of the owner's and the administrator's edit calls. */
export const ResearchCorrection = {
  stock_information: z
    .array(CompanyCorrection)
    .max(RESEARCH_COMPANIES_MAX, `At most ${RESEARCH_COMPANIES_MAX} companies`)
    .optional(),
  sector: z.enum(SECTOR_IDS).nullable().optional(),
};

// ---- the console's names of companies -------------------------------------------------------

/** Where a company's name comes from: the shipped table, notes printing it, the console. */
export const COMPANY_NAME_SOURCES = ['table', 'notes', 'console'] as const;
/** Names of one language a company may have at most. */
export const COMPANY_NAMES_MAX = 20;

const HAS_HAN = /\p{Script=Han}/u;

export const CompanyNamesListRequest = z.object({
  /** A ticker in any printed form or a part of a name; empty: the first companies of the table. */
  keyword: z.string().trim().max(60).default(''),
  limit: z.number().int().min(1).max(50).default(20),
});
export type CompanyNamesListRequest = z.input<typeof CompanyNamesListRequest>;

export const CompanyNameEntry = z.object({ name: z.string(), source: z.enum(COMPANY_NAME_SOURCES) });
export const CompanyNamesRecord = z.object({
  ticker: z.string(),
  tickers: z.array(z.string()),
  exchange: z.string().nullable(),
  en: z.array(CompanyNameEntry),
  zh: z.array(CompanyNameEntry),
});
export type CompanyNamesRecord = z.infer<typeof CompanyNamesRecord>;
export const CompanyNamesListResponse = z.object({ companies: z.array(CompanyNamesRecord) });
export type CompanyNamesListResponse = z.infer<typeof CompanyNamesListResponse>;

/** A company's names as the console sets them, every one: a name left out is taken away. */
export const CompanyNamesSaveRequest = z
  .object({
    ticker: CanonicalTicker,
    en: z.array(CompanyNameInput).max(COMPANY_NAMES_MAX),
    zh: z.array(CompanyNameInput).max(COMPANY_NAMES_MAX),
  })
  .superRefine((r, ctx) => {
    if (r.en.length + r.zh.length === 0)
      ctx.addIssue({ code: 'custom', path: ['en'], message: 'a company keeps at least one name' });
    r.en.forEach((name, i) => {
      if (HAS_HAN.test(name))
        ctx.addIssue({
          code: 'custom',
          path: ['en', i],
          message: 'an English name has no Chinese characters',
        });
    });
    r.zh.forEach((name, i) => {
      if (!HAS_HAN.test(name))
        ctx.addIssue({ code: 'custom', path: ['zh', i], message: 'a Chinese name has Chinese characters' });
    });
    const all = [...r.en, ...r.zh].map((n) => n.toLowerCase());
    if (new Set(all).size !== all.length)
      ctx.addIssue({ code: 'custom', path: ['en'], message: 'each name once' });
    // eslint-disable-next-line no-control-regex
    if ([...r.en, ...r.zh].some((n) => /[\u0000-\u001f\u007f]/.test(n)))
      ctx.addIssue({ code: 'custom', path: ['en'], message: 'names without control characters' });
  });
export type CompanyNamesSaveRequest = z.input<typeof CompanyNamesSaveRequest>;
