import { z } from 'zod';
import { issuedId, PagedAnswer, pageRequest } from './common.js';
import { CanonicalTicker } from './companies.js';
import { FileListItem, SearchFilter } from './files.js';
import { SEARCH_MAX_KEYWORD_LENGTH } from './constants.js';
import { ISSUER_NAME_MAX, LIBRARY_MAX_PAGE_LENGTH, LIBRARY_PAGE_SIZE } from './library-rules.js';
import { SECTOR_IDS } from './research.js';

/**
 * Follows and the inbox: a user follows companies, brokers, sectors, analysts and saved searches;
 * each new report that matches one reaches their inbox once, saying why.
 */

export const FOLLOW_KINDS = ['company', 'issuer', 'sector', 'analyst', 'search'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** The name a user gives a follow (a saved search's, or a renamed one). */
export const FOLLOW_LABEL_MAX = 80;
/** An analyst's name as a report prints it. */
export const ANALYST_NAME_MAX = 100;
/** Follows of any plan: a bound on the list, not a plan's limit (plans.ts holds those). */
export const FOLLOWS_MAX = 500;

const noControl = (s: string) => !/\p{Cc}/u.test(s);
const Label = z
  .string()
  .trim()
  .min(1, 'label is required')
  .max(FOLLOW_LABEL_MAX)
  .refine(noControl, 'label has control characters');
const Name = (max: number) =>
  z.string().trim().min(1).max(max).refine(noControl, 'The text has control characters');

/** What a saved search finds: a keyword (may be empty) and the search's filters. */
export const SavedSearch = z.object({
  keyword: z.string().trim().max(SEARCH_MAX_KEYWORD_LENGTH).default(''),
  filter: SearchFilter.default({}),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** What is followed: one of the kinds, each with its key. */
export const FollowTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('company'), ticker: CanonicalTicker }),
  z.object({ kind: z.literal('issuer'), issuer: Name(ISSUER_NAME_MAX) }),
  z.object({ kind: z.literal('sector'), sector: z.enum(SECTOR_IDS) }),
  z.object({ kind: z.literal('analyst'), analyst: Name(ANALYST_NAME_MAX) }),
  z.object({ kind: z.literal('search'), search: SavedSearch }),
]);
export type FollowTarget = z.input<typeof FollowTarget>;

export const FollowId = issuedId('follow_id');

export const Follow = z.object({
  follow_id: z.string(),
  kind: z.enum(FOLLOW_KINDS),
  /** The ticker, issuer, sector id or analyst followed; a saved search's canonical form. */
  key: z.string(),
  /** The user's name for it; by default what it follows (the company's name, the keyword). */
  label: z.string(),
  /** A saved search's keyword and filters; null for the other kinds. */
  search: SavedSearch.nullable(),
  paused: z.boolean(),
  created_time: z.string(),
});
export type Follow = z.infer<typeof Follow>;

/** `/api/follow/add`: idempotent; following twice answers the follow there is. */
export const FollowAddRequest = z.object({ target: FollowTarget, label: Label.optional() });
export type FollowAddRequest = z.input<typeof FollowAddRequest>;
export const FollowAnswer = z.object({ follow: Follow });
export type FollowAnswer = z.infer<typeof FollowAnswer>;

/** `/api/follow/list`: everything I follow, newest first, with my plan's limit. */
export const FollowListResponse = z.object({
  follows: z.array(Follow),
  /** How many my plan allows (-1: no limit) and how many I have. */
  limit: z.number().int(),
  used: z.number().int(),
});
export type FollowListResponse = z.infer<typeof FollowListResponse>;

/** `/api/follow/update`: rename or pause (or resume) a follow. */
export const FollowUpdateRequest = z
  .object({ follow_id: FollowId, label: Label.optional(), paused: z.boolean().optional() })
  .refine((r) => r.label !== undefined || r.paused !== undefined, {
    message: 'label or paused is required',
    path: ['label'],
  });
export type FollowUpdateRequest = z.input<typeof FollowUpdateRequest>;

/** `/api/follow/remove`: idempotent. */
export const FollowRemoveRequest = z.object({ follow_id: FollowId });

/** Why a report is in my inbox: the follows it matched. */
export const InboxReason = z.object({
  follow_id: z.string(),
  kind: z.enum(FOLLOW_KINDS),
  label: z.string(),
});
export type InboxReason = z.infer<typeof InboxReason>;

export const InboxItem = FileListItem.extend({
  reasons: z.array(InboxReason),
  arrived_time: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;

/** `/api/inbox/list`: new reports matching what I follow, newest first. */
export const InboxListRequest = z.object({
  ...pageRequest(LIBRARY_PAGE_SIZE, LIBRARY_MAX_PAGE_LENGTH),
  unread_only: z.boolean().default(false),
});
export type InboxListRequest = z.input<typeof InboxListRequest>;
export const InboxListResponse = z.object({
  items: z.array(InboxItem),
  unread: z.number().int(),
  ...PagedAnswer,
});
export type InboxListResponse = z.infer<typeof InboxListResponse>;

/** `/api/inbox/unread`: the menu's count. */
export const InboxUnreadResponse = z.object({ unread: z.number().int() });
export type InboxUnreadResponse = z.infer<typeof InboxUnreadResponse>;

/** `/api/inbox/read`: marks reports read, or all of them. */
export const InboxReadRequest = z
  .object({
    file_ids: z.array(issuedId('file_id')).max(LIBRARY_MAX_PAGE_LENGTH).optional(),
    all: z.boolean().optional(),
  })
  .refine((r) => r.all === true || (r.file_ids?.length ?? 0) > 0, {
    message: 'file_ids or all is required',
    path: ['file_ids'],
  });
export type InboxReadRequest = z.input<typeof InboxReadRequest>;
