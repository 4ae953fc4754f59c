import type { MessageEditRequest, MessageListRequest } from '@rl/contract';
import { adminPost, type AdminCallOptions } from '../../../api/admin-client';

/** The console's contact-message calls (`/api/manage/message/*`), typed by the contract. */
export const messagesApi = {
  list: (request: MessageListRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/message/list', request, (c) => c.MessageListResponse, options),

  edit: (request: MessageEditRequest, options?: AdminCallOptions) =>
    adminPost('/api/manage/message/edit', request, (c) => c.MessageEditResponse, options),
};

export const messageKeys = {
  all: ['admin', 'messages'] as const,
  list: (request: MessageListRequest) => [...messageKeys.all, 'list', request] as const,
};
