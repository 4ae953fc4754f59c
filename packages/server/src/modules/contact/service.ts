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
import type { AdminRecord } from '../access/admin-record.js';
import type { SecurityCheck } from '../security-check/service.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
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

/** What a change of a message writes together: the message and its audit row. */
export type ContactTx = { contact: ContactRepo; audit: AuditRepo };

/** Contact us: the support contacts, the message form, and the console's message list. */
export function createContactService(deps: {
  repo: ContactRepo;
  /** A change and its audit row land together (db/unit-of-work.ts). */
  transaction: UnitOfWork<ContactTx>;
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
      const after = await deps.transaction(async (tx) => {
        const before = await tx.contact.byId(req.message_id);
        if (!before) throw new AppError(ERROR_CODES.messageNotFound, msg('messageNotFound'));
        const by = req.handled ? admin.username : null;
        const updated = await tx.contact.setHandled(before.id, req.handled, by, now);
        await tx.audit.write(
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
