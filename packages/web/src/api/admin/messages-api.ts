import type { MessageEditRequest, MessageListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../admin-client';
import { adminKeys } from './session-api';

/** The console's contact-message calls (`/api/manage/message/*`), typed by the contract. */
export const messagesApi = {
  list: (request: MessageListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/message/list', request, (c) => c.MessageListResponse, options),

  edit: (request: MessageEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/message/edit', request, (c) => c.MessageEditResponse, options),
};

const all = [...adminKeys.all, 'messages'] as const;

/** Query keys of the console's contact messages; everything sits under `all`. */
export const messageKeys = {
  all,
  /** Every page of the messages table. */
  lists: [...all, 'list'] as const,
  /** One page: the table's request (filters as the URL has them). */
  list: (request: object) => [...all, 'list', request] as const,
};
