import { z } from 'zod';

// The body of every error response (ErrorBody) is in walls.ts, with the reasons of 403 and 429.

/** An id the server issued (files, users, collections, uploads): random base64url characters. */
export const issuedId = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} is required`)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} has invalid characters`);

export const FileId = issuedId('file_id');

/** The page a list asks for: page_id counts from 1; `size` rows a page unless said, `max` at most. */
export const pageRequest = (size: number, max: number) => ({
  page_id: z.number().int().min(1, 'page_id must be greater than 0').default(1),
  page_length: z.number().int().min(1).max(max).default(size),
});

/** The paging fields of every list's answer. */
export const PagedAnswer = {
  total_items: z.number().int(),
  page_id: z.number().int(),
  page_length: z.number().int(),
};

/** A calendar date written YYYY-MM-DD that really exists. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real calendar date');

export const Ok = z.object({ ok: z.literal(true) });
