import type { CompanyCorrection, StockInformation, StockSources } from '@rl/contract';
import type { RatingAction, RatingStep, SectorId } from '@rl/contract/research-vocabulary';

/** The contract's limits of a correction (CompanyCorrection, ResearchCorrection). */
export const COMPANIES_MAX = 20;
export const COMPANY_NAME_MAX = 100;
export const RATING_TEXT_MAX = 40;
export const TICKER_MAX = 24;
export const PRICE_MAX = 1e9;
/** A canonical ticker (`600519.SH`, `AAPL.US`, or a bare code), as the contract checks it. */
export const TICKER_FORM = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
export const CURRENCY_FORM = /^[A-Za-z]{3}$/;

/** One company as the editor holds it: texts (empty when none), numbers and choices or null. */
export interface CompanyDraft {
  ticker: string;
  company_name: string;
  rating: string;
  rating_normalised: RatingStep | null;
  rating_action: RatingAction | null;
  previous_rating: string;
  target_price_value: number | null;
  currency: string;
  previous_target_price: number | null;
  /** Where the reading found each fact (shown beside an unsure one); never sent back. */
  sources?: StockSources;
}

/** The research part of an edit form's values. */
export interface ResearchValues {
  companies: CompanyDraft[];
  sector: SectorId | null;
}

export const emptyCompany = (): CompanyDraft => ({
  ticker: '',
  company_name: '',
  rating: '',
  rating_normalised: null,
  rating_action: null,
  previous_rating: '',
  target_price_value: null,
  currency: '',
  previous_target_price: null,
});

/** A note's stored companies and sector as the editor's values. */
export function researchValuesOf(file: {
  stock_information: readonly StockInformation[];
  sector: SectorId | null;
}): ResearchValues {
  return {
    companies: file.stock_information.map((s) => ({
      ticker: s.ticker ?? '',
      company_name: s.company_name ?? '',
      rating: s.rating ?? '',
      rating_normalised: s.rating_normalised ?? null,
      rating_action: s.rating_action ?? null,
      previous_rating: s.previous_rating ?? '',
      target_price_value: s.target_price_value ?? null,
      currency: s.currency ?? '',
      previous_target_price: s.previous_target_price ?? null,
      ...(s.sources ? { sources: s.sources } : {}),
    })),
    sector: file.sector,
  };
}

const text = (value: string | undefined) => value?.trim() || null;

/** The companies as the edit calls take them: trimmed, empty texts as null, codes in capitals. */
export function companyCorrectionsOf(drafts: readonly CompanyDraft[] | undefined): CompanyCorrection[] {
  return (drafts ?? []).map((d) => ({
    ticker: d.ticker.trim().toUpperCase(),
    company_name: text(d.company_name),
    rating: text(d.rating),
    rating_normalised: d.rating_normalised ?? null,
    rating_action: d.rating_action ?? null,
    previous_rating: text(d.previous_rating),
    target_price_value: d.target_price_value ?? null,
    currency: text(d.currency)?.toUpperCase() ?? null,
    previous_target_price: d.previous_target_price ?? null,
  }));
}

/**
 * The research fields the person changed, and only those: a list given replaces the one read and
 * is kept through later re-readings, so an untouched list must not be sent.
 */
export function researchChanges(
  file: { stock_information: readonly StockInformation[]; sector: SectorId | null },
  values: Partial<ResearchValues>,
): { stock_information?: CompanyCorrection[]; sector?: SectorId | null } {
  const changes: { stock_information?: CompanyCorrection[]; sector?: SectorId | null } = {};
  const before = companyCorrectionsOf(researchValuesOf(file).companies);
  const after = companyCorrectionsOf(values.companies);
  if (JSON.stringify(after) !== JSON.stringify(before)) changes.stock_information = after;
  const sector = values.sector ?? null;
  if (sector !== file.sector) changes.sector = sector;
  return changes;
}
