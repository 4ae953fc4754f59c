import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ERROR_CODES,
  COUNTER_NOTICE_CONFIRMATIONS,
  DMCA_CONFIRMATIONS,
  type CounterNotice,
  type CounterNoticeActionRequest,
  type CounterNoticeActionResponse,
  type CounterNoticeStatus,
  type CounterNoticeSubmitRequest,
  type CounterNoticeSubmitResponse,
  type DmcaComplaint,
  type DmcaEditRequest,
  type DmcaEditResponse,
  type DmcaListRequest,
  type DmcaListResponse,
  type DmcaStatus,
  type DmcaSubmitRequest,
  type DmcaSubmitResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminRecord } from '../admin/admin-record.js';
import { reindexFile } from '../search/reindex.js';
import type { SecurityCheck } from '../security-check/service.js';
import { fileReference } from './identify-file.js';
import type { DmcaListRow, DmcaQueries, DmcaRepo } from './repo.js';
import { isOpenNotice, TAKE_DOWN_STATUSES, takesDown, type CounterNoticeRow } from './takedown.js';

type SubmitIn = z.output<typeof DmcaSubmitRequest>;
type ListIn = z.output<typeof DmcaListRequest>;
type EditIn = z.output<typeof DmcaEditRequest>;
type CounterIn = z.output<typeof CounterNoticeSubmitRequest>;
type CounterActionIn = z.output<typeof CounterNoticeActionRequest>;

export { TAKE_DOWN_STATUSES };

export const newComplaintId = (): string => `d_${randomBytes(12).toString('base64url')}`;
const newCounterNoticeId = (): string => `cn_${randomBytes(12).toString('base64url')}`;

const presentCounterNotice = (n: CounterNoticeRow): CounterNotice => ({
  id: n.id,
  complaint_id: n.complaint_id,
  file_id: n.file_id,
  status: n.status,
  user_id: n.user_id,
  username: n.username,
  full_name: n.full_name,
  address: n.address,
  city: n.city,
  country: n.country,
  zip_code: n.zip_code,
  phone: n.phone,
  email: n.email,
  statement: n.statement,
  signature: n.signature,
  notes: n.notes,
  handled_by: n.handled_by,
  created_time: n.created_at,
  updated_time: n.updated_at,
});

/**
 * What each counter-notice action does: the counter-notice states it may leave, the state it
 * reaches and the complaint's status after it (restoring rejects the complaint, so the file comes
 * back unless another complaint keeps it down; rejecting the counter-notice accepts it again).
 */
const COUNTER_ACTIONS: Record<
  CounterActionIn['action'],
  { from: readonly CounterNoticeStatus[]; to: CounterNoticeStatus; complaint: DmcaStatus | null }
> = {
  forward: { from: ['received'], to: 'forwarded', complaint: null },
  restore: { from: ['received', 'forwarded'], to: 'restored', complaint: 'rejected' },
  reject: { from: ['received', 'forwarded'], to: 'rejected', complaint: 'accepted' },
};

const present = (r: DmcaListRow, notice: CounterNoticeRow | undefined): DmcaComplaint => ({
  id: r.id,
  status: r.status,
  first_name: r.first_name,
  last_name: r.last_name,
  address: r.address,
  copyright_holder: r.copyright_holder,
  city: r.city,
  state: r.state,
  country: r.country,
  zip_code: r.zip_code,
  phone: r.phone,
  email: r.email,
  filename: r.filename,
  description: r.description,
  signature: r.signature,
  file_id: r.file_id,
  file_title: r.file_title,
  file_taken_down_time: r.file_taken_down_at,
  notes: r.notes,
  ip: r.ip,
  created_time: r.created_at,
  updated_time: r.updated_at,
  handled_by: r.handled_by,
  counter_notice: notice ? presentCounterNotice(notice) : null,
});

/** What the audit log records of a complaint. */
const audited = (r: Pick<DmcaListRow, 'status' | 'notes' | 'file_id'>) => ({
  status: r.status,
  notes: r.notes,
  file_id: r.file_id,
});

/**
 * Brings the file's take-down mark in line with its complaints: down (keeping the first time) while
 * one of them is accepted or under counter-notice, up otherwise; the search index follows. The
 * file's row is locked first, so complaints on it decided at once count each other's outcome and
 * the index is written from its current visibility.
 */
async function syncTakeDown(tx: DmcaQueries, fileId: string, now: string): Promise<void> {
  const file = await tx.lockedFile(fileId);
  if (!file) return;
  const down = (await tx.countOnFile(fileId, TAKE_DOWN_STATUSES)) > 0;
  if (down === (file.taken_down_at !== null)) return;
  const takenDownAt = down ? now : null;
  await tx.setTakenDown(fileId, takenDownAt);
  await reindexFile(tx, { ...file, taken_down_at: takenDownAt });
}

/** DMCA complaints: the public form and their handling in the console (SPEC.md sections 3 and 5). */
export function createDmcaService(deps: { repo: DmcaRepo; check: SecurityCheck; clock: Clock }) {
  const { repo, check, clock } = deps;

  return {
    /**
     * Stores a complaint (status received) once the form passed the contract and the security
     * check. A `file_id` naming no file does not refuse the complaint (the complainant cannot
     * know): it is stored unlinked, with the id kept in the notes for the administrator. Without
     * a known `file_id`, a filename that names exactly one public file (a link to it, its id, its
     * exact file name or title) links the complaint to that file.
     */
    async submit(viewer: Viewer, req: SubmitIn): Promise<DmcaSubmitResponse> {
      await check.verify(req.altcha);
      const now = clock.now().toISOString();
      const known = req.file_id !== undefined && (await repo.file(req.file_id)) !== undefined;
      const named = known ? [] : await repo.filesReferenced(fileReference(req.filename));
      const fileId = known ? (req.file_id ?? null) : named.length === 1 ? named[0]! : null;
      const id = newComplaintId();
      await repo.insert({
        id,
        status: 'received',
        first_name: req.first_name,
        last_name: req.last_name,
        address: req.address,
        copyright_holder: req.copyright_holder,
        city: req.city,
        state: req.state,
        country: req.country,
        zip_code: req.zip_code,
        phone: req.phone,
        email: req.email,
        filename: req.filename,
        description: req.description,
        signature: req.signature,
        confirmations: JSON.stringify(
          Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, req.confirmations[c] === true])),
        ),
        file_id: fileId,
        notes: req.file_id !== undefined && !known ? `Submitted file_id ${req.file_id} named no file.` : '',
        ip: viewer.ip,
        handled_by: null,
        created_at: now,
        updated_at: now,
      });
      return { complaint_id: id, status: 'received' };
    },

    async list(req: ListIn): Promise<DmcaListResponse> {
      const { rows, total } = await repo.page(
        { status: req.status, keyword: req.keyword || undefined, file_id: req.file_id },
        pageWindow(req),
      );
      const notices = await repo.counterNoticesOf(rows.map((r) => r.id));
      return { items: rows.map((r) => present(r, notices.get(r.id))), ...pagingAnswer(req, total) };
    },

    /**
     * Changes status, notes and the linked file in one transaction with the file's take-down mark
     * and the audit row. A complaint that takes its file down (accepted, counter_notice) needs a
     * linked existing file; counter_notice only follows accepted.
     */
    async edit(admin: AdminRecord, req: EditIn): Promise<DmcaEditResponse> {
      const now = clock.now().toISOString();
      const after = await repo.transaction(async (tx) => {
        await tx.lock(req.complaint_id);
        const before = await tx.byId(req.complaint_id);
        if (!before) throw new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));
        const next = {
          status: req.status ?? before.status,
          notes: req.notes ?? before.notes,
          file_id: req.file_id === undefined ? before.file_id : req.file_id,
        };
        const fileExists = next.file_id !== null && (await tx.file(next.file_id)) !== undefined;
        if (next.file_id !== null && next.file_id !== before.file_id && !fileExists)
          throw new AppError(ERROR_CODES.validation, msg('dmcaNoSuchFile'), { field: 'file_id' });
        if (takesDown(next.status) && !fileExists)
          throw new AppError(ERROR_CODES.validation, msg('dmcaNeedsFile'), { field: 'file_id' });
        if (next.status === 'counter_notice' && !takesDown(before.status))
          throw new AppError(ERROR_CODES.validation, msg('dmcaCounterNoticeAfterAccepted'), {
            field: 'status',
          });
        // An open counter-notice is decided by its own actions, which move the status with it.
        const notice = (await tx.counterNoticesOf([before.id])).get(before.id);
        if (notice && isOpenNotice(notice.status)) {
          const field =
            next.status !== before.status ? 'status' : next.file_id !== before.file_id ? 'file_id' : null;
          if (field) throw new AppError(ERROR_CODES.validation, msg('dmcaCounterNoticeOpen'), { field });
        }
        await tx.update(before.id, { ...next, handled_by: admin.username, updated_at: now });
        // In one order, so two edits locking the same two files cannot wait for each other.
        for (const fileId of [...new Set([before.file_id, next.file_id])].sort())
          if (fileId !== null) await syncTakeDown(tx, fileId, now);
        await tx.audit(
          admin,
          {
            action: 'dmca.edit',
            targetType: 'dmca',
            targetId: before.id,
            before: audited(before),
            after: audited(next),
          },
          now,
        );
        return complaintNow(tx, before.id);
      });
      return { complaint: after };
    },

    /**
     * The owner of a file an accepted complaint keeps down answers it with a counter-notice: stored
     * as received, the complaint moves to counter_notice, audited with the owner as the actor. The
     * file stays down. A complaint about anyone else's file answers as one that does not exist.
     */
    async submitCounterNotice(viewer: Viewer, req: CounterIn): Promise<CounterNoticeSubmitResponse> {
      const user = requireUser(viewer);
      const now = clock.now().toISOString();
      return repo.transaction(async (tx) => {
        await tx.lock(req.complaint_id);
        const complaint = await tx.byId(req.complaint_id);
        const file = complaint?.file_id ? await tx.file(complaint.file_id) : undefined;
        if (!complaint || !file || file.owner_id !== user.id)
          throw new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));
        if (!takesDown(complaint.status) || file.taken_down_at === null)
          throw new AppError(ERROR_CODES.conflict, msg('counterNoticeNotTakingDown'));
        const previous = (await tx.counterNoticesOf([complaint.id])).get(complaint.id);
        if (previous && isOpenNotice(previous.status))
          throw new AppError(ERROR_CODES.conflict, msg('counterNoticeAlreadyOpen'));
        const id = newCounterNoticeId();
        await tx.insertCounterNotice({
          id,
          complaint_id: complaint.id,
          file_id: file.id,
          user_id: user.id,
          status: 'received',
          full_name: req.full_name,
          address: req.address,
          city: req.city,
          country: req.country,
          zip_code: req.zip_code,
          phone: req.phone,
          email: req.email,
          statement: req.statement,
          signature: req.signature,
          confirmations: JSON.stringify(
            Object.fromEntries(COUNTER_NOTICE_CONFIRMATIONS.map((c) => [c, req.confirmations[c] === true])),
          ),
          handled_by: null,
          created_at: now,
          updated_at: now,
        });
        await tx.update(complaint.id, {
          status: 'counter_notice',
          notes: complaint.notes,
          file_id: complaint.file_id,
          handled_by: complaint.handled_by,
          updated_at: now,
        });
        await tx.audit(
          user,
          {
            action: 'dmca.counter_notice',
            targetType: 'dmca',
            targetId: complaint.id,
            before: { status: complaint.status, counter_notice: previous?.status ?? null },
            after: { status: 'counter_notice', counter_notice: 'received', counter_notice_id: id },
          },
          now,
        );
        return { counter_notice: { id, status: 'received', submitted_time: now, updated_time: now } };
      });
    },

    /**
     * An administrator forwards, restores or rejects a counter-notice (COUNTER_ACTIONS), with the
     * complaint's status, the file's take-down and the audit row in one transaction. Nothing
     * restores a file but this call.
     */
    async decideCounterNotice(
      admin: AdminRecord,
      req: CounterActionIn,
    ): Promise<CounterNoticeActionResponse> {
      const now = clock.now().toISOString();
      const complaint = await repo.transaction(async (tx) => {
        const notice = await tx.lockedCounterNotice(req.counter_notice_id);
        if (!notice) throw new AppError(ERROR_CODES.notFound, msg('counterNoticeNotFound'));
        await tx.lock(notice.complaint_id);
        const before = await tx.byId(notice.complaint_id);
        if (!before) throw new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));
        const rule = COUNTER_ACTIONS[req.action];
        if (!rule.from.includes(notice.status))
          throw new AppError(ERROR_CODES.conflict, msg('counterNoticeHandled'));
        const notes = req.notes ?? notice.notes;
        await tx.updateCounterNotice(notice.id, {
          status: rule.to,
          notes,
          handled_by: admin.username,
          updated_at: now,
        });
        const status = rule.complaint ?? before.status;
        await tx.update(before.id, {
          status,
          notes: before.notes,
          file_id: before.file_id,
          handled_by: admin.username,
          updated_at: now,
        });
        if (before.file_id !== null) await syncTakeDown(tx, before.file_id, now);
        await tx.audit(
          admin,
          {
            action: 'dmca.counter_notice',
            targetType: 'dmca',
            targetId: before.id,
            before: { status: before.status, counter_notice: notice.status, notes: notice.notes },
            after: { status, counter_notice: rule.to, notes },
          },
          now,
        );
        return complaintNow(tx, before.id);
      });
      return { complaint };
    },
  };
}

/** The complaint as the console shows it now, with its latest counter-notice. */
async function complaintNow(tx: DmcaQueries, id: string): Promise<DmcaComplaint> {
  const row = await tx.byId(id);
  if (!row) throw new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));
  return present(row, (await tx.counterNoticesOf([id])).get(id));
}
export type DmcaService = ReturnType<typeof createDmcaService>;
