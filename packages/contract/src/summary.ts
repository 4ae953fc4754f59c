import { z } from 'zod';
import { FileId } from './common.js';

/**
 * A report's summary on request (issue 6): `/api/file/summary` answers the stored summary at once
 * (`cached: true`, nothing counted) or, for a ready file not summarised yet, writes it now and
 * counts one use of the summary quota (`abstract_quota`).
 */

/** extractive: the report's own central sentences (no provider); abstractive: written by the provider. */
export const SUMMARY_KINDS = ['abstractive', 'extractive'] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];

export const SummaryRequest = z.object({ file_id: FileId });
export type SummaryRequest = z.infer<typeof SummaryRequest>;

export const SummaryResponse = z.object({
  /** The standard summary (a few sentences); '' when the report has no prose to summarise. */
  summary: z.string(),
  /** Its short key-point form; '' when none. */
  summary_compact: z.string(),
  /** Language → summary ('zh-hans' only with a provider, or for a Chinese report). */
  multi_language_summary: z.record(z.string(), z.string()),
  summary_kind: z.enum(SUMMARY_KINDS),
  /** True when the stored summary was answered (nothing counted); false when written by this call. */
  cached: z.boolean(),
});
export type SummaryResponse = z.infer<typeof SummaryResponse>;
