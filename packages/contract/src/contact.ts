import { z } from 'zod';
import { AdminPaging } from './admin.js';
import { PagedAnswer } from './common.js';
import { Email } from './users.js';
import { AltchaSolution } from './security-check.js';

/** Contact us (issue 7): a message form for everyone; the console lists the messages. */

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * `/api/pub/contact_submit`. A logged-in user may leave out the security check (their session is
 * the proof); a visitor must send it.
 */
export const ContactSubmitRequest = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(CONTACT_SUBJECT_MAX, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(CONTACT_MESSAGE_MAX, 'Message is too long'),
  email: Email,
  altcha: AltchaSolution.optional(),
});
export type ContactSubmitRequest = z.input<typeof ContactSubmitRequest>;
export const ContactSubmitResponse = z.object({ message_id: z.string() });
export type ContactSubmitResponse = z.infer<typeof ContactSubmitResponse>;

/** `GET /api/pub/contact`: the support contacts the page offers (from the configuration). */
export const SupportContactsResponse = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
});
export type SupportContactsResponse = z.infer<typeof SupportContactsResponse>;

export const ContactMessage = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  email: z.string(),
  /** The sender's account, when they were logged in. */
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  ip: z.string(),
  handled: z.boolean(),
  handled_by: z.string().nullable(),
  created_time: z.string(),
  updated_time: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

/** `/api/manage/message/list`: newest first. */
export const MessageListRequest = z.object({
  handled: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
  ...AdminPaging,
});
export type MessageListRequest = z.input<typeof MessageListRequest>;
export const MessageListResponse = z.object({ items: z.array(ContactMessage), ...PagedAnswer });
export type MessageListResponse = z.infer<typeof MessageListResponse>;

/** `/api/manage/message/edit`: marks a message handled or not (audited). */
export const MessageEditRequest = z.object({
  message_id: z.string().trim().min(1).max(64),
  handled: z.boolean(),
});
export type MessageEditRequest = z.input<typeof MessageEditRequest>;
export const MessageEditResponse = z.object({ message: ContactMessage });
export type MessageEditResponse = z.infer<typeof MessageEditResponse>;
