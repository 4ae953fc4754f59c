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

export const CompanyDetailRequest = z.object({ ticker: CanonicalTicker });

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
