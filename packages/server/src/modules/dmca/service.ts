import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ERROR_CODES,
  COUNTER_NOTICE_CONFIRMATIONS,
  DMCA_CONFIRMATIONS,
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
import type { UserRecord } from '../access/user-record.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminRecord } from '../access/admin-record.js';
import { reindexFile } from '../search/reindex.js';
import type { SecurityCheck } from '../security-check/service.js';
import { fileReference } from './identify-file.js';
import { presentComplaint } from './presenter.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { FilesRepo } from '../files/repo.js';
import type { SearchRepo } from '../search/repo.js';
import type { DmcaListRow, DmcaRepo } from './repo.js';
import { isOpenNotice, TAKE_DOWN_STATUSES, takesDown } from './takedown.js';
import { isTakenDown } from '../files/visibility.js';

type SubmitIn = z.output<typeof DmcaSubmitRequest>;
type ListIn = z.output<typeof DmcaListRequest>;
type EditIn = z.output<typeof DmcaEditRequest>;
type CounterIn = z.output<typeof CounterNoticeSubmitRequest>;
type CounterActionIn = z.output<typeof CounterNoticeActionRequest>;

export { TAKE_DOWN_STATUSES };

export const newComplaintId = (): string => `d_${randomBytes(12).toString('base64url')}`;
const newCounterNoticeId = (): string => `cn_${randomBytes(12).toString('base64url')}`;

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

/** What the audit log records of a complaint. */
const audited = (r: Pick<DmcaListRow, 'status' | 'notes' | 'file_id'>) => ({
  status: r.status,
  notes: r.notes,
  file_id: r.file_id,
});

/**
 * What a decision on a complaint writes together: the complaint (and its counter-notice), the
 * file's take-down mark and search entry (from its stored pages), the audit row.
 */
export type DmcaTx = { dmca: DmcaRepo; files: FilesRepo; search: SearchRepo; audit: AuditRepo };

interface DmcaDeps {
  repo: DmcaRepo;
  /** A decision, the file's take-down, its index entries and the audit row land together. */
  transaction: UnitOfWork<DmcaTx>;
  check: SecurityCheck;
  clock: Clock;
}

const complaintNotFound = () => new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));

/**
 * Brings the file's take-down mark in line with its complaints: down (keeping the first time) while
 * one of them is accepted or under counter-notice, up otherwise; the search index follows. The
 * file's row is locked first, so complaints on it decided at once count each other's outcome and
 * the index is written from its current visibility.
 */
async function syncTakeDown(tx: DmcaTx, fileId: string, now: string): Promise<void> {
  const file = await tx.dmca.lockedFile(fileId);
  if (!file) return;
  const down = (await tx.dmca.countOnFile(fileId, TAKE_DOWN_STATUSES)) > 0;
  if (down === isTakenDown(file)) return;
  const takenDownAt = down ? now : null;
  await tx.dmca.setTakenDown(fileId, takenDownAt);
  await reindexFile(tx, { ...file, taken_down_at: takenDownAt });
}

/** The complaint as the console shows it now, with its latest counter-notice. */
async function complaintNow(dmca: DmcaRepo, id: string): Promise<DmcaComplaint> {
  const row = await dmca.byId(id);
  if (!row) throw complaintNotFound();
  return presentComplaint(row, (await dmca.counterNoticesOf([id])).get(id));
}

/**
 * An administrator's edit in its transaction: the complaint locked and checked, changed, the
 * take-down of the files it was and is about, the audit row. Answers the complaint as it is now.
 */
async function editComplaint(
  tx: DmcaTx,
  admin: AdminRecord,
  req: EditIn,
  now: string,
): Promise<DmcaComplaint> {
  await tx.dmca.lock(req.complaint_id);
  const before = await tx.dmca.byId(req.complaint_id);
  if (!before) throw complaintNotFound();
  const next = {
    status: req.status ?? before.status,
    notes: req.notes ?? before.notes,
    file_id: req.file_id === undefined ? before.file_id : req.file_id,
  };
  const fileExists = next.file_id !== null && (await tx.dmca.file(next.file_id)) !== undefined;
  if (next.file_id !== null && next.file_id !== before.file_id && !fileExists)
    throw new AppError(ERROR_CODES.validation, msg('dmcaNoSuchFile'), { field: 'file_id' });
  if (takesDown(next.status) && !fileExists)
    throw new AppError(ERROR_CODES.validation, msg('dmcaNeedsFile'), { field: 'file_id' });
  if (next.status === 'counter_notice' && !takesDown(before.status))
    throw new AppError(ERROR_CODES.validation, msg('dmcaCounterNoticeAfterAccepted'), {
      field: 'status',
    });
  // An open counter-notice is decided by its own actions, which move the status with it.
  const notice = (await tx.dmca.counterNoticesOf([before.id])).get(before.id);
  if (notice && isOpenNotice(notice.status)) {
    const field =
      next.status !== before.status ? 'status' : next.file_id !== before.file_id ? 'file_id' : null;
    if (field) throw new AppError(ERROR_CODES.validation, msg('dmcaCounterNoticeOpen'), { field });
  }
  await tx.dmca.update(before.id, { ...next, handled_by: admin.username, updated_at: now });
  // In one order, so two edits locking the same two files cannot wait for each other.
  for (const fileId of [...new Set([before.file_id, next.file_id])].sort())
    if (fileId !== null) await syncTakeDown(tx, fileId, now);
  await tx.audit.write(
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
  return complaintNow(tx.dmca, before.id);
}

/**
 * A file owner's counter-notice in its transaction: the complaint locked and checked, the notice
 * stored as received, the complaint moved to counter_notice, the audit row (the owner the actor).
 */
async function fileCounterNotice(
  tx: DmcaTx,
  user: UserRecord,
  req: CounterIn,
  now: string,
): Promise<CounterNoticeSubmitResponse> {
  await tx.dmca.lock(req.complaint_id);
  const complaint = await tx.dmca.byId(req.complaint_id);
  const file = complaint?.file_id ? await tx.dmca.file(complaint.file_id) : undefined;
  if (!complaint || !file || file.owner_id !== user.id) throw complaintNotFound();
  if (!takesDown(complaint.status) || !isTakenDown(file))
    throw new AppError(ERROR_CODES.conflict, msg('counterNoticeNotTakingDown'));
  const previous = (await tx.dmca.counterNoticesOf([complaint.id])).get(complaint.id);
  if (previous && isOpenNotice(previous.status))
    throw new AppError(ERROR_CODES.conflict, msg('counterNoticeAlreadyOpen'));
  const id = newCounterNoticeId();
  await tx.dmca.insertCounterNotice({
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
  await tx.dmca.update(complaint.id, {
    status: 'counter_notice',
    notes: complaint.notes,
    file_id: complaint.file_id,
    handled_by: complaint.handled_by,
    updated_at: now,
  });
  await tx.audit.write(
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
}

/**
 * An administrator's decision on a counter-notice in its transaction (COUNTER_ACTIONS): the notice
 * and its complaint locked, both changed, the file's take-down, the audit row.
 */
async function decideNotice(
  tx: DmcaTx,
  admin: AdminRecord,
  req: CounterActionIn,
  now: string,
): Promise<DmcaComplaint> {
  const notice = await tx.dmca.lockedCounterNotice(req.counter_notice_id);
  if (!notice) throw new AppError(ERROR_CODES.notFound, msg('counterNoticeNotFound'));
  await tx.dmca.lock(notice.complaint_id);
  const before = await tx.dmca.byId(notice.complaint_id);
  if (!before) throw complaintNotFound();
  const rule = COUNTER_ACTIONS[req.action];
  if (!rule.from.includes(notice.status))
    throw new AppError(ERROR_CODES.conflict, msg('counterNoticeHandled'));
  const notes = req.notes ?? notice.notes;
  await tx.dmca.updateCounterNotice(notice.id, {
    status: rule.to,
    notes,
    handled_by: admin.username,
    updated_at: now,
  });
  const status = rule.complaint ?? before.status;
  await tx.dmca.update(before.id, {
    status,
    notes: before.notes,
    file_id: before.file_id,
    handled_by: admin.username,
    updated_at: now,
  });
  if (before.file_id !== null) await syncTakeDown(tx, before.file_id, now);
  await tx.audit.write(
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
  return complaintNow(tx.dmca, before.id);
}

/** The public complaint form and the console's list of complaints. */
function complaintForms(deps: DmcaDeps) {
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
      return { items: rows.map((r) => presentComplaint(r, notices.get(r.id))), ...pagingAnswer(req, total) };
    },
  };
}

/** DMCA complaints: the public form and their handling in the console (SPEC.md sections 3 and 5). */
export function createDmcaService(deps: DmcaDeps) {
  const { transaction, clock } = deps;
  const now = () => clock.now().toISOString();

  return {
    ...complaintForms(deps),

    /**
     * Changes status, notes and the linked file in one transaction with the file's take-down mark
     * and the audit row. A complaint that takes its file down (accepted, counter_notice) needs a
     * linked existing file; counter_notice only follows accepted.
     */
    async edit(admin: AdminRecord, req: EditIn): Promise<DmcaEditResponse> {
      const at = now();
      return { complaint: await transaction((tx) => editComplaint(tx, admin, req, at)) };
    },

    /**
     * The owner of a file an accepted complaint keeps down answers it with a counter-notice: stored
     * as received, the complaint moves to counter_notice, audited with the owner as the actor. The
     * file stays down. A complaint about anyone else's file answers as one that does not exist.
     */
    async submitCounterNotice(viewer: Viewer, req: CounterIn): Promise<CounterNoticeSubmitResponse> {
      const user = requireUser(viewer);
      const at = now();
      return transaction((tx) => fileCounterNotice(tx, user, req, at));
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
      const at = now();
      return { complaint: await transaction((tx) => decideNotice(tx, admin, req, at)) };
    },
  };
}
export type DmcaService = ReturnType<typeof createDmcaService>;
