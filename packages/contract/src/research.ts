import { z } from 'zod';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from './research-vocabulary.js';

export * from './research-vocabulary.js';

/**
 * Where a fact read from a document was printed: the page (1-based) and the text of the line or
 * table cell it was read from. `unsure` marks a fact a weaker rule guessed (from prose, from a
 * fallback): a person should check it first. Facts a person corrected, or the model filled in,
 * have none.
 */
export const FactSource = z.object({
  page: z.number().int().min(1),
  text: z.string(),
  unsure: z.boolean().optional(),
});
export type FactSource = z.infer<typeof FactSource>;

/** The company facts of a note that carry a source, by their field in `stock_information`. */
export const STOCK_FACTS = [
  'ticker',
  'company_name',
  'rating',
  'rating_normalised',
  'rating_action',
  'previous_rating',
  'target_price',
  'currency',
  'previous_target_price',
  'sector',
] as const;
export type StockFact = (typeof STOCK_FACTS)[number];

/** A source for each of `facts`, every one optional (absent for a fact not read from the document). */
const sourcesOf = <F extends string>(facts: readonly F[]) =>
  z.object(
    Object.fromEntries(facts.map((f) => [f, FactSource.optional()])) as Record<
      F,
      z.ZodOptional<typeof FactSource>
    >,
  );

/** Where each of a company's facts was printed. */
export const StockSources = sourcesOf(STOCK_FACTS);
export type StockSources = z.infer<typeof StockSources>;

/** The note's own facts that carry a source, by their field in the file's `meta`. */
export const NOTE_FACTS = [
  'document_title',
  'issuer',
  'publish_date',
  'author',
  'report_type',
  'sector',
  'industry_rating',
] as const;
export type NoteFact = (typeof NOTE_FACTS)[number];

/** Where each of the note's own facts was printed. */
export const NoteSources = sourcesOf(NOTE_FACTS);
export type NoteSources = z.infer<typeof NoteSources>;

/**
 * What a research note says about a company besides its ticker, name, rating and target as printed
 * (all optional: documents read before these were extracted lack them).
 */
/**
 * A broker's view on a sector, as an industry note prints it (看好, 优于大势, Attractive): never a
 * company's rating.
 */
export const IndustryRating = z.object({
  /** As printed. */
  rating: z.string(),
  rating_normalised: z.enum(RATING_STEPS).nullable(),
  rating_action: z.enum(RATING_ACTIONS).nullable(),
});
export type IndustryRating = z.infer<typeof IndustryRating>;

export const StockResearchFields = {
  /** The ticker as printed, every distinct form joined by ", " (`0700.HK, 700 HK`). */
  printed_ticker: z.string().nullable().optional(),
  /** The exchange suffix of the canonical ticker (`HK`, `SH`, `US`). */
  exchange: z.string().nullable().optional(),
  rating_normalised: z.enum(RATING_STEPS).nullable().optional(),
  rating_action: z.enum(RATING_ACTIONS).nullable().optional(),
  previous_rating: z.string().nullable().optional(),
  target_price_value: z.number().nullable().optional(),
  /** ISO 4217 code of the target price. */
  currency: z.string().nullable().optional(),
  previous_target_price: z.number().nullable().optional(),
  sector: z.enum(SECTOR_IDS).nullable().optional(),
  /** Where each fact was printed; absent on notes read before sources were kept. */
  sources: StockSources.optional(),
};
