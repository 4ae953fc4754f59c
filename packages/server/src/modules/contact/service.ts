import { ERROR_CODES } from '@rl/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  ContactMessage,
  ContactSubmitRequest,
  ContactSubmitResponse,
  MessageEditRequest,
  MessageEditResponse,
  MessageListRequest,
  MessageListResponse,
  SupportContactsResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Clock } from '../../platform/clock.js';
import { TooFrequent } from '../auth/codes.js';
import type { ThrottleRule } from '../auth/limits.js';
import type { Throttle } from '../auth/throttle.js';
import type { AdminRecord } from '../admin/admin-record.js';
import type { SecurityCheck } from '../security-check/service.js';
import type { ContactRepo, MessageRow } from './repo.js';

type SubmitIn = z.output<typeof ContactSubmitRequest>;
type ListIn = z.output<typeof MessageListRequest>;
type EditIn = z.output<typeof MessageEditRequest>;

/** Messages one IP address may send per hour (visitors and users alike). */
export const MESSAGES_PER_IP: ThrottleRule = { bucket: 'contact_ip', limit: 10, windowS: 3600 };

export const newMessageId = (): string => `m_${randomBytes(12).toString('base64url')}`;

const present = (r: MessageRow): ContactMessage => ({
  id: r.id,
  subject: r.subject,
  message: r.message,
  email: r.email,
  user_id: r.user_id,
  username: r.username,
  ip: r.ip,
  handled: r.handled === 1,
  handled_by: r.handled_by,
  created_time: r.created_at,
  updated_time: r.updated_at,
});

/** Contact us: the support contacts, the message form, and the console's message list. */
export function createContactService(deps: {
  repo: ContactRepo;
  check: SecurityCheck;
  throttle: Throttle;
  clock: Clock;
  support: SupportContactsResponse;
}) {
  const { repo, check, throttle, clock } = deps;

  return {
    contacts: (): SupportContactsResponse => deps.support,

    /**
     * Stores a message. A logged-in user needs no security check (their session is the proof); a
     * visitor must pass it. Throttled per IP address (429) before anything else.
     */
    async submit(viewer: Viewer, req: SubmitIn): Promise<ContactSubmitResponse> {
      if (await throttle.hit(MESSAGES_PER_IP, viewer.ip))
        throw new TooFrequent(msg('tooFrequent'), MESSAGES_PER_IP.windowS);
      if (!viewer.user) await check.verify(req.altcha);
      const now = clock.now().toISOString();
      const id = newMessageId();
      await repo.insert({
        id,
        subject: req.subject,
        message: req.message,
        email: req.email,
        user_id: viewer.user?.id ?? null,
        username: viewer.user?.username ?? null,
        ip: viewer.ip,
        handled: 0,
        handled_by: null,
        created_at: now,
        updated_at: now,
      });
      return { message_id: id };
    },

    async list(req: ListIn): Promise<MessageListResponse> {
      const { rows, total } = await repo.page(
        { handled: req.handled, keyword: req.keyword || undefined },
        pageWindow(req),
      );
      return { items: rows.map(present), ...pagingAnswer(req, total) };
    },

    /** Marks a message handled (by this administrator) or not; audited 'message.edit'. */
    async edit(admin: AdminRecord, req: EditIn): Promise<MessageEditResponse> {
      const now = clock.now().toISOString();
      const after = await repo.transaction(async (tx) => {
        const before = await tx.byId(req.message_id);
        if (!before) throw new AppError(ERROR_CODES.messageNotFound, msg('messageNotFound'));
        const updated = await tx.setHandled(before.id, req.handled, req.handled ? admin.username : null, now);
        await tx.audit(
          admin,
          {
            action: 'message.edit',
            targetType: 'message',
            targetId: before.id,
            before: { handled: before.handled === 1 },
            after: { handled: req.handled },
          },
          now,
        );
        return updated;
      });
      return { message: present(after) };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
