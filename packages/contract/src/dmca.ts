import { z } from 'zod';
import { AdminPaging } from './admin.js';
import { FileId, PagedAnswer } from './common.js';
import { Email } from './users.js';
import { AltchaSolution } from './security-check.js';
import { COUNTER_NOTICE_STATUSES, CounterNoticeState } from './takedown.js';

/** The public DMCA form (SPEC.md sections 3 and 5) and its handling in the console (issue 7). */

export const DMCA_ALL_BOXES = 'Please check all the boxes';
/** The web's title and message when the server refuses the form (SPEC.md section 8). */
export const DMCA_FORM_ERROR_TITLE = 'Validation Error';
export const DMCA_FORM_ERROR = 'Error submitting form';

/** The five statements the complainant must confirm, in the order the form shows them. */
export const DMCA_CONFIRMATIONS = [
  'good_faith',
  'accurate',
  'authorized',
  'perjury',
  'share_with_uploader',
] as const;
export type DmcaConfirmation = (typeof DMCA_CONFIRMATIONS)[number];

/**
 * received → under_review → accepted (the file is taken down everywhere at once) or rejected;
 * counter_notice: the uploader disputes an accepted complaint (the file stays down until an
 * administrator rejects the complaint). Leaving accepted puts the file back unless another
 * complaint about it is still accepted.
 */
export const DMCA_STATUSES = ['received', 'under_review', 'accepted', 'rejected', 'counter_notice'] as const;
export type DmcaStatus = (typeof DMCA_STATUSES)[number];
/** Statuses that count as open on the dashboard and in the file list. */
export const DMCA_OPEN_STATUSES = ['received', 'under_review', 'counter_notice'] as const;

const Field = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);

/** `/api/pub/dmca_submit`. */
export const DmcaSubmitRequest = z.object({
  first_name: Field('First name', 100),
  last_name: Field('Last name', 100),
  address: Field('Address', 300),
  copyright_holder: Field('Copyright holder', 200),
  city: Field('City', 100),
  state: Field('State', 100),
  country: Field('Country', 100),
  zip_code: Field('Zip code', 20),
  phone: Field('Phone', 40).regex(/^[+()\d\s.-]{6,40}$/, 'Phone is not a valid number'),
  email: Email,
  /** The reported file: its name as shown, or a link to it. */
  filename: Field('Filename', 500),
  /** Set when the form was opened from a report; otherwise the console links the file. */
  file_id: FileId.optional(),
  description: Field('Description', 5000),
  signature: Field('Signature', 200),
  confirmations: z
    .record(z.string(), z.boolean())
    .refine((boxes) => DMCA_CONFIRMATIONS.every((box) => boxes[box] === true), DMCA_ALL_BOXES),
  altcha: AltchaSolution,
});
export type DmcaSubmitRequest = z.input<typeof DmcaSubmitRequest>;
export const DmcaSubmitResponse = z.object({ complaint_id: z.string(), status: z.enum(DMCA_STATUSES) });
export type DmcaSubmitResponse = z.infer<typeof DmcaSubmitResponse>;

/** A counter-notice as the console reads it. */
export const CounterNotice = z.object({
  id: z.string(),
  complaint_id: z.string(),
  file_id: z.string(),
  status: z.enum(COUNTER_NOTICE_STATUSES),
  user_id: z.string(),
  username: z.string().nullable(),
  full_name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
  statement: z.string(),
  signature: z.string(),
  notes: z.string(),
  handled_by: z.string().nullable(),
  created_time: z.string(),
  updated_time: z.string(),
});
export type CounterNotice = z.infer<typeof CounterNotice>;

export const DmcaComplaint = z.object({
  id: z.string(),
  status: z.enum(DMCA_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  copyright_holder: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
  phone: z.string(),
  email: z.string(),
  filename: z.string(),
  description: z.string(),
  signature: z.string(),
  /** The file the complaint is about, once known. */
  file_id: z.string().nullable(),
  file_title: z.string().nullable(),
  /** When the file was taken down (any accepted complaint); null while it is up. */
  file_taken_down_time: z.string().nullable(),
  notes: z.string(),
  ip: z.string(),
  created_time: z.string(),
  updated_time: z.string(),
  handled_by: z.string().nullable(),
  /** The latest counter-notice the file's owner sent against this complaint, if any. */
  counter_notice: CounterNotice.nullable(),
});
export type DmcaComplaint = z.infer<typeof DmcaComplaint>;

/** `/api/manage/dmca/list`: newest first. */
export const DmcaListRequest = z.object({
  status: z.enum(DMCA_STATUSES).optional(),
  /** Name, e-mail, copyright holder, filename or file id. */
  keyword: z.string().trim().max(100).optional(),
  file_id: FileId.optional(),
  ...AdminPaging,
});
export type DmcaListRequest = z.input<typeof DmcaListRequest>;
export const DmcaListResponse = z.object({ items: z.array(DmcaComplaint), ...PagedAnswer });
export type DmcaListResponse = z.infer<typeof DmcaListResponse>;

/**
 * `/api/manage/dmca/edit`: status, notes and the linked file. Accepting needs a linked file and
 * takes it down in the same transaction (search, details, preview links and downloads answer 404).
 */
export const DmcaEditRequest = z.object({
  complaint_id: z.string().trim().min(1).max(64),
  status: z.enum(DMCA_STATUSES).optional(),
  notes: z.string().trim().max(5000).optional(),
  file_id: FileId.nullable().optional(),
});
export type DmcaEditRequest = z.input<typeof DmcaEditRequest>;
export const DmcaEditResponse = z.object({ complaint: DmcaComplaint });
export type DmcaEditResponse = z.infer<typeof DmcaEditResponse>;

// ---- counter-notices ---------------------------------------------------------------------------

/**
 * What the owner of a taken-down upload states in a counter-notice (17 U.S.C. 512(g)(3)): under
 * penalty of perjury, that the file was removed by mistake or misidentification; consent to the
 * jurisdiction of the court of their address (or, outside the United States, of any district where
 * the service may be found); that they accept service of process from the complainant.
 */
export const COUNTER_NOTICE_CONFIRMATIONS = ['mistake', 'jurisdiction', 'service'] as const;
export type CounterNoticeConfirmation = (typeof COUNTER_NOTICE_CONFIRMATIONS)[number];

/**
 * `/api/file/myfiles/counter_notice`: the owner answers an accepted complaint that keeps their
 * upload down. The file stays down: an administrator decides (`/api/manage/dmca/counter_notice`).
 */
export const CounterNoticeSubmitRequest = z.object({
  complaint_id: z.string().trim().min(1).max(64),
  full_name: Field('Full name', 200),
  address: Field('Address', 300),
  city: Field('City', 100),
  country: Field('Country', 100),
  zip_code: Field('Zip code', 20),
  phone: Field('Phone', 40).regex(/^[+()\d\s.-]{6,40}$/, 'Phone is not a valid number'),
  email: Email,
  /** Why the removal was a mistake or a misidentification. */
  statement: Field('Statement', 5000),
  signature: Field('Signature', 200),
  confirmations: z
    .record(z.string(), z.boolean())
    .refine((boxes) => COUNTER_NOTICE_CONFIRMATIONS.every((box) => boxes[box] === true), DMCA_ALL_BOXES),
});
export type CounterNoticeSubmitRequest = z.input<typeof CounterNoticeSubmitRequest>;
export const CounterNoticeSubmitResponse = z.object({ counter_notice: CounterNoticeState });
export type CounterNoticeSubmitResponse = z.infer<typeof CounterNoticeSubmitResponse>;

/**
 * `/api/manage/dmca/counter_notice`: forward (received → forwarded: sent to the complainant),
 * restore (received or forwarded → restored: the complaint is rejected, so the file is up again
 * unless another complaint keeps it down) or reject (→ rejected: the complaint is accepted again,
 * the file stays down). Audited.
 */
export const COUNTER_NOTICE_ACTIONS = ['forward', 'restore', 'reject'] as const;
export type CounterNoticeAction = (typeof COUNTER_NOTICE_ACTIONS)[number];
export const CounterNoticeActionRequest = z.object({
  counter_notice_id: z.string().trim().min(1).max(64),
  action: z.enum(COUNTER_NOTICE_ACTIONS),
  notes: z.string().trim().max(5000).optional(),
});
export type CounterNoticeActionRequest = z.input<typeof CounterNoticeActionRequest>;
export const CounterNoticeActionResponse = z.object({ complaint: DmcaComplaint });
export type CounterNoticeActionResponse = z.infer<typeof CounterNoticeActionResponse>;
