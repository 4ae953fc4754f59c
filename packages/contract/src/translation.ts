import { z } from 'zod';
import { FileId } from './common.js';
import { TRANSLATE_STATUSES, TRANSLATION_LANG } from './constants.js';

/**
 * The Chinese translation of a report's PDF (issue 6): `/api/file/translate/submit` starts or
 * joins the one translation of a file that every user shares, `/api/file/translate/query` reads
 * its status (SPEC.md section 4) and, once finished, the signed URL of the translated PDF.
 */

/** Target languages: zh-hans (the legacy key zh is accepted and means zh-hans). */
export const TranslateLang = z
  .enum([TRANSLATION_LANG, 'zh'], { message: 'to_lang must be zh-hans' })
  .default(TRANSLATION_LANG)
  .transform(() => TRANSLATION_LANG);

export const TranslateRequest = z.object({ file_id: FileId, to_lang: TranslateLang });
export type TranslateRequest = z.input<typeof TranslateRequest>;

export const TranslateSubmitResponse = z.object({
  task_status: z.enum(TRANSLATE_STATUSES),
  /** Share of the pages done, 0 to 1. */
  progress: z.number().min(0).max(1),
});
export type TranslateSubmitResponse = z.infer<typeof TranslateSubmitResponse>;

export const TranslateQueryResponse = z.object({
  task_status: z.enum(TRANSLATE_STATUSES),
  progress: z.number().min(0).max(1),
  /** Signed URL of the translated PDF when task_status is finish, else null. */
  encrypted_file_url: z.string().nullable(),
});
export type TranslateQueryResponse = z.infer<typeof TranslateQueryResponse>;
