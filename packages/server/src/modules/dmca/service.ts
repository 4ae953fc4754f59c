import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ERROR_CODES,
  DMCA_CONFIRMATIONS,
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
import type { Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Clock } from '../../platform/clock.js';
import type { AdminRecord } from '../admin/admin-record.js';
import { reindexFile } from '../search/reindex.js';
import type { SecurityCheck } from '../security-check/service.js';
import { fileReference } from './identify-file.js';
import type { DmcaListRow, DmcaQueries, DmcaRepo } from './repo.js';

type SubmitIn = z.output<typeof DmcaSubmitRequest>;
type ListIn = z.output<typeof DmcaListRequest>;
type EditIn = z.output<typeof DmcaEditRequest>;

/**
 * Statuses that keep the linked file taken down: accepted, and counter_notice (the uploader
 * disputes an accepted complaint; the file stays down until an administrator rejects it).
 */
export const TAKE_DOWN_STATUSES = ['accepted', 'counter_notice'] as const satisfies readonly DmcaStatus[];
const takesDown = (s: DmcaStatus) => (TAKE_DOWN_STATUSES as readonly DmcaStatus[]).includes(s);

export const newComplaintId = (): string => `d_${randomBytes(12).toString('base64url')}`;

const present = (r: DmcaListRow): DmcaComplaint => ({
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
      return { items: rows.map(present), ...pagingAnswer(req, total) };
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
        const updated = await tx.byId(before.id);
        if (!updated) throw new AppError(ERROR_CODES.complaintNotFound, msg('complaintNotFound'));
        return updated;
      });
      return { complaint: present(after) };
    },
  };
}
export type DmcaService = ReturnType<typeof createDmcaService>;
