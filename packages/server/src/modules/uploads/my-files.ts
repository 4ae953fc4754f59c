import type { z } from 'zod';
import { ERROR_CODES, type MyFile, type MyFileEditRequest, type MyFilesResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, today, type Clock } from '../../platform/clock.js';
import type { FileStorage } from '../../platform/storage/types.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import type { FilesRepo } from '../files/repo.js';
import { fileNotFound, searchIndexOf } from '../files/access.js';
import type { QuotaService } from '../quota/service.js';
import { usageOf } from './limits.js';
import { presentMyFile } from './presenter.js';
import type { Language } from '../../messages/bilingual.js';
import { reindexFile } from '../search/reindex.js';
import { applyCorrection, correctionValue } from '../files/corrections.js';
import { jsonList, type FileRow } from '../files/presenter.js';
import type { MyFilesRepo } from './repo.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { SearchRepo } from '../search/repo.js';
import { isReady, isTakenDown } from '../files/visibility.js';
import { changesClaim } from '../files/provenance.js';

type MyFileEditIn = z.output<typeof MyFileEditRequest>;

/**
 * A file a DMCA complaint keeps down is the complaint's record until an administrator decides:
 * its owner cannot change it, publish it or take it back (the counter-notice is their answer).
 */
function refuseTakenDown(r: Pick<FileRow, 'taken_down_at'>): void {
  if (isTakenDown(r)) throw new AppError(ERROR_CODES.conflict, msg('fileTakenDown'));
}

/**
 * My files: the list of my uploads, deleting one, publishing one to the library (paid plan),
 * correcting what its reading read.
 */
/** What a change of my file writes together: the row, its index entry, the audit of a correction. */
type MyFilesTx = {
  myFiles: MyFilesRepo;
  files: FilesRepo;
  search: SearchRepo;
  audit: AuditRepo;
  jobs: Pick<JobsRepo, 'enqueue'>;
};

export function createMyFilesService(deps: {
  repo: MyFilesRepo;
  files: FilesRepo;
  transaction: UnitOfWork<MyFilesTx>;
  storage: FileStorage;
  quota: QuotaService;
  clock: Clock;
}) {
  const { repo, files, storage, quota, clock } = deps;

  return {
    /** `language`: the request's, in which a failed file's reason is worded. */
    async list(
      viewer: Viewer,
      req: { page_id: number; page_length: number; status?: MyFile['status'] },
      language: Language,
    ): Promise<MyFilesResponse> {
      const user = requireUser(viewer);
      const { rows, total } = await repo.page(user.id, req.status, pageWindow(req));
      const takedowns = await repo.takedowns(rows);
      return {
        file_list: rows.map((r) => presentMyFile(r, language, takedowns.get(r.id) ?? null)),
        usage: usageOf(quota.planOf(viewer), await files.heldUploads(user.id)),
        ...pagingAnswer(req, total),
      };
    },

    /**
     * Deletes one of my files: the row and its index entries in one transaction (it leaves search
     * at once), then the stored bytes unless another file has the same content.
     */
    async remove(viewer: Viewer, fileId: string): Promise<void> {
      const user = requireUser(viewer);
      // The row and its index entries go in one transaction: the file leaves search at once.
      const gone = await deps.transaction(async (tx) => {
        const row = await tx.myFiles.deleteOwned(user.id, fileId);
        if (row) await tx.search.unindex(row.seq);
        return row;
      });
      if (!gone) throw fileNotFound();
      await storage.removeUnless(gone.sha256, () => files.shaInUse(gone.sha256));
    },

    /**
     * Shares my upload with the library (paid plan) or takes it back (any plan): the visibility
     * and the index entry move together. Content the library already has is refused.
     */
    async publish(viewer: Viewer, fileId: string, publish: boolean, language: Language): Promise<MyFile> {
      const user = requireUser(viewer);
      const existing = await repo.owned(user.id, fileId);
      if (!existing) throw fileNotFound();
      refuseTakenDown(existing);
      // Taking an upload back is open to every plan; sharing it needs one that offers it.
      if (publish) quota.requirePlan(viewer, 'publishing');
      const row = await deps.transaction(async (tx) => {
        const r = await tx.myFiles.setVisibility(
          user.id,
          fileId,
          publish ? 'public' : 'private',
          isoNow(clock),
        );
        if (!r) throw fileNotFound();
        refuseTakenDown(r);
        if (publish && (await tx.myFiles.inLibrary(r.sha256, r.seq))) {
          throw new AppError(ERROR_CODES.conflict, msg('alreadyInLibrary'));
        }
        if (isReady(r)) {
          const { search } = tx;
          const doc = await search.indexed(r.seq);
          if (doc) await search.index(r.seq, doc, searchIndexOf(r));
          // New to the library: it reaches the followers it matches (its owner's inbox has it once).
          if (publish) await tx.jobs.enqueue('alerts', { file_seq: r.seq }, isoNow(clock));
        }
        return r;
      });
      return presentMyFile(row, language);
    },

    /**
     * Corrects what the ingestion read from my upload: title, issuer, publish date, analysts,
     * report type, tags, the note's companies and sector. The fields changed are marked corrected
     * (a re-reading keeps them), and a change of what an administrator confirmed voids the
     * confirmation (files/provenance.ts); the row, its search entry and the audit row change in
     * one transaction, so search finds the new title at once. A file still being processed is refused: its ingestion would overwrite it.
     */
    async edit(viewer: Viewer, req: MyFileEditIn, language: Language): Promise<MyFile> {
      const user = requireUser(viewer);
      const day = today(clock);
      if (req.publish_date && req.publish_date > day) {
        throw new AppError(ERROR_CODES.validation, msg('publishDateInFuture', { today: day }));
      }
      const now = isoNow(clock);
      const row = await deps.transaction(async (tx) => {
        const r = await tx.myFiles.touchOwned(user.id, req.file_id, now);
        if (!r) throw fileNotFound();
        refuseTakenDown(r);
        if (r.status === 'processing') throw new AppError(ERROR_CODES.conflict, msg('fileStillProcessing'));
        const { document_title, file_id: _, ...rest } = req;
        const correction = { ...rest, ...(document_title !== undefined && { title: document_title }) };
        const { columns, changed } = applyCorrection(r, correction);
        if (changed.length === 0) return r;
        await tx.files.saveMeta(r.seq, columns, jsonList(columns.tags), now);
        // What an administrator confirmed is no longer what the file says: it is a claim again.
        const unconfirm = r.research_confirmed_at !== null && changesClaim(changed);
        if (unconfirm) await tx.myFiles.unconfirmResearch(r.seq);
        const after = { ...r, ...columns, ...(unconfirm && { research_confirmed_at: null }) };
        await reindexFile(tx, after);
        const pick = (v: FileRow) => Object.fromEntries(changed.map((k) => [k, correctionValue(v, k)]));
        await tx.audit.write(
          user,
          { action: 'file.edit', targetType: 'file', targetId: r.id, before: pick(r), after: pick(after) },
          now,
        );
        return after;
      });
      return presentMyFile(row, language);
    },
  };
}
export type MyFilesService = ReturnType<typeof createMyFilesService>;
