import { z } from 'zod';
import { RATING_ACTIONS, RATING_STEPS, SECTOR_IDS } from './research-vocabulary.js';

export * from './research-vocabulary.js';

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
};
