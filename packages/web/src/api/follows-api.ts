import type {
  Follow,
  FollowAddRequest,
  FollowTarget,
  FollowUpdateRequest,
  InboxListRequest,
} from '@rl/contract';
import { foldName } from '@rl/contract/text-fold';
import { postApi, type CallOptions } from './http-client';

/** The calls of follows and the inbox of new reports, typed by the contract. */
export const followsApi = {
  /** Follows a company, a broker, a sector, an analyst or a search (idempotent); 403 over the plan's limit. */
  add: (request: FollowAddRequest, options?: CallOptions) =>
    postApi('/api/follow/add', request, (c) => c.FollowAnswer, options).then((answer) => answer.follow),

  /** Everything I follow, newest first, with my plan's limit (-1: none) and how many I have. */
  list: (options?: CallOptions) => postApi('/api/follow/list', {}, (c) => c.FollowListResponse, options),

  /** Renames, pauses or resumes a follow. */
  update: (request: FollowUpdateRequest, options?: CallOptions) =>
    postApi('/api/follow/update', request, (c) => c.FollowAnswer, options).then((answer) => answer.follow),

  remove: (followId: string, options?: CallOptions) =>
    postApi('/api/follow/remove', { follow_id: followId }, (c) => c.Ok, options),

  /** New reports matching what I follow, newest first, each with why it is here. */
  inbox: (request: InboxListRequest, options?: CallOptions) =>
    postApi('/api/inbox/list', request, (c) => c.InboxListResponse, options),

  /** How many reports of my inbox are unread (the menu's badge). */
  unread: (options?: CallOptions) => postApi('/api/inbox/unread', {}, (c) => c.InboxUnreadResponse, options),

  /** Marks reports read, or all of them; answers how many stay unread. */
  markRead: (read: { fileIds: string[] } | { all: true }, options?: CallOptions) =>
    postApi(
      '/api/inbox/read',
      'all' in read ? { all: true } : { file_ids: read.fileIds },
      (c) => c.InboxUnreadResponse,
      options,
    ),
};

/**
 * The longest name of a follow: the contract's FOLLOW_LABEL_MAX, kept here so that the screens
 * import no schema (follows-api.test.ts checks they agree).
 */
export const FOLLOW_LABEL_MAX = 80;
/** The longest analyst name a follow takes: the contract's ANALYST_NAME_MAX, kept here likewise. */
export const ANALYST_NAME_MAX = 100;

/** Query keys of follows and the inbox. */
export const followKeys = {
  /** My follows with the plan's limit: the Follow buttons and the Following page share it. */
  list: ['follows', 'list'] as const,
  /** Everything about the inbox: invalidating it refreshes its pages and the unread count. */
  inbox: ['inbox'] as const,
  inboxPage: (pageId: number, unreadOnly: boolean) => ['inbox', 'page', pageId, unreadOnly] as const,
  unread: ['inbox', 'unread'] as const,
};

/** What a follow of this target is keyed by, as the server's `key` says it (a search has none here). */
export function followKeyOf(target: FollowTarget): string | null {
  switch (target.kind) {
    case 'company':
      return target.ticker.trim().toUpperCase();
    case 'issuer':
      return foldName(target.issuer);
    case 'sector':
      return target.sector;
    case 'analyst':
      return foldName(target.analyst);
    case 'search':
      return null;
  }
}

/** My follow of this target, if any (a saved search is never matched: each is saved by name). */
export function findFollow(follows: readonly Follow[], target: FollowTarget): Follow | null {
  const key = followKeyOf(target);
  if (key === null) return null;
  const same = (follow: Follow) =>
    target.kind === 'company' ? follow.key.trim().toUpperCase() === key : foldName(follow.key) === key;
  return follows.find((follow) => follow.kind === target.kind && same(follow)) ?? null;
}
