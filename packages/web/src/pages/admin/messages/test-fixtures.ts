import type { ContactMessage, MessageListResponse } from '@rl/contract';

let counter = 0;

/** A message as `/api/manage/message/list` answers it (contract ContactMessage). */
export function buildMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  counter += 1;
  return {
    id: `msg_${counter}`,
    subject: `Question ${counter}`,
    message: 'Hello,\nhow do I download a report?',
    email: 'ann@example.com',
    user_id: 'u_1',
    username: 'ann_analyst',
    ip: '203.0.113.9',
    handled: false,
    handled_by: null,
    created_time: '2025-04-01T09:00:00Z',
    updated_time: '2025-04-01T09:00:00Z',
    ...overrides,
  };
}

export function buildMessageList(items: ContactMessage[]): MessageListResponse {
  return { items, total_items: items.length, page_id: 1, page_length: 20 };
}
