import { z } from 'zod';

/** Body of every error response (SPEC.md section 8). */
export const ErrorBody = z.object({
  error_msg: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  need_verification: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const FileId = z
  .string()
  .trim()
  .min(1, 'file_id is required')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'file_id has invalid characters');

/** A calendar date written YYYY-MM-DD that really exists. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real calendar date');

export const Ok = z.object({ ok: z.literal(true) });
