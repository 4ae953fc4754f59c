import { z } from 'zod';
import { PagedAnswer, pageRequest } from './common.js';

/**
 * The finance glossary: one concept a term, its Chinese and English forms (preferred first). Search,
 * chat, translation and summaries read it; the console edits it. The built-in terms ship with the
 * server; an administrator's edits, removals and additions are stored beside them and win.
 */

export const GLOSSARY_DOMAINS = [
  'markets',
  'macro',
  'rates',
  'credit',
  'fx',
  'commodities',
  'accounting',
  'corporate',
  'banking',
  'insurance',
  'funds',
  'sectors',
  'ratings',
  'instruments',
  'regulation',
  'esg',
  'geography',
] as const;
export type GlossaryDomain = (typeof GLOSSARY_DOMAINS)[number];

/**
 * Where a term stands: shipped as is (`builtin`), shipped and changed here (`edited`), shipped and
 * taken out here (`removed`, listed so that it can be restored), or added here (`added`).
 */
export const GLOSSARY_ORIGINS = ['builtin', 'edited', 'removed', 'added'] as const;
export type GlossaryOrigin = (typeof GLOSSARY_ORIGINS)[number];

export const GLOSSARY_PAGE_SIZE = 50;
export const GLOSSARY_MAX_FORMS = 8;
export const GLOSSARY_MAX_FORM_LENGTH = 80;
/** The largest CSV the console imports at once (characters) and its most lines. */
export const GLOSSARY_IMPORT_MAX_CHARS = 1_000_000;
export const GLOSSARY_IMPORT_MAX_LINES = 10_000;

const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z]/;
/** Characters that would break the stored and exported forms (form separator, CSV and TSV). */
const FORBIDDEN = /[|\t\r\n"]/;

const forms = (mustHave: (form: string) => boolean, mustHaveSays: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, 'a form is empty')
        .max(GLOSSARY_MAX_FORM_LENGTH, `a form is longer than ${GLOSSARY_MAX_FORM_LENGTH} characters`)
        .refine((f) => !FORBIDDEN.test(f), 'a form may not hold | " tabs or line breaks')
        .refine(mustHave, mustHaveSays),
    )
    .min(1, 'give at least one form')
    .max(GLOSSARY_MAX_FORMS, `at most ${GLOSSARY_MAX_FORMS} forms`)
    .refine((list) => new Set(list).size === list.length, 'a form is given twice');

/** Chinese forms hold Han characters; English forms hold Latin letters and no Han. */
export const GlossaryZhForms = forms((f) => HAN.test(f), 'each Chinese form holds Chinese characters');
export const GlossaryEnForms = forms(
  (f) => LATIN.test(f) && !HAN.test(f),
  'each English form holds Latin letters and no Chinese characters',
);

export const GlossaryTerm = z.object({
  /** `b:` + the built-in term's first Chinese form, or `g_…` for a term added here. */
  id: z.string(),
  zh: z.array(z.string()),
  en: z.array(z.string()),
  domain: z.enum(GLOSSARY_DOMAINS),
  origin: z.enum(GLOSSARY_ORIGINS),
  /** When and by whom it was last changed here; null for a built-in term as shipped. */
  updated_time: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

const GlossaryId = z.string().trim().min(1, 'id is required').max(200);

/** `/api/manage/glossary/list`: the glossary, searched in every form, in its file's order. */
export const GlossaryListRequest = z.object({
  keyword: z.string().trim().max(100).optional(),
  domain: z.enum(GLOSSARY_DOMAINS).optional(),
  origin: z.enum(GLOSSARY_ORIGINS).optional(),
  ...pageRequest(GLOSSARY_PAGE_SIZE, 200),
});
export type GlossaryListRequest = z.input<typeof GlossaryListRequest>;
export const GlossaryListResponse = z.object({
  items: z.array(GlossaryTerm),
  ...PagedAnswer,
  /** Terms in use (built-in, edited and added; removed ones not counted). */
  active_terms: z.number().int(),
});
export type GlossaryListResponse = z.infer<typeof GlossaryListResponse>;

/** `/api/manage/glossary/save`: adds a term (no id) or changes one (audited). */
export const GlossarySaveRequest = z.object({
  id: GlossaryId.optional(),
  zh: GlossaryZhForms,
  en: GlossaryEnForms,
  domain: z.enum(GLOSSARY_DOMAINS, { message: 'not a glossary domain' }),
});
export type GlossarySaveRequest = z.input<typeof GlossarySaveRequest>;
export const GlossaryTermResponse = z.object({ term: GlossaryTerm });
export type GlossaryTermResponse = z.infer<typeof GlossaryTermResponse>;

/**
 * `/api/manage/glossary/delete`: an added term is deleted; a built-in one is marked removed.
 * `/api/manage/glossary/restore`: a built-in term edited or removed here goes back to as shipped.
 */
export const GlossaryIdRequest = z.object({ id: GlossaryId });
export type GlossaryIdRequest = z.input<typeof GlossaryIdRequest>;
export const GlossaryDeleteResponse = z.object({ deleted: z.literal(true), term: GlossaryTerm.nullable() });
export type GlossaryDeleteResponse = z.infer<typeof GlossaryDeleteResponse>;

/**
 * `/api/manage/glossary/import`: CSV with the header `zh,en,domain`, forms separated by `|` (the
 * export's format). A line whose Chinese forms meet a term's changes that term; other lines add
 * terms. Any bad line refuses the whole file (`problems` name the lines) and nothing changes.
 */
export const GlossaryImportRequest = z.object({
  csv: z
    .string()
    .min(1, 'the CSV is empty')
    .max(GLOSSARY_IMPORT_MAX_CHARS, `the CSV is longer than ${GLOSSARY_IMPORT_MAX_CHARS} characters`),
});
export type GlossaryImportRequest = z.input<typeof GlossaryImportRequest>;
export const GlossaryImportResponse = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type GlossaryImportResponse = z.infer<typeof GlossaryImportResponse>;
/** The details of an import refused for bad lines (400 validation, `field: csv`). */
export const GlossaryImportProblem = z.object({ line: z.number().int(), problem: z.string() });
export type GlossaryImportProblem = z.infer<typeof GlossaryImportProblem>;

/** `/api/manage/glossary/export`: the terms in use as CSV (text/csv), the import's format. */
export const GLOSSARY_CSV_HEADER = 'zh,en,domain';
