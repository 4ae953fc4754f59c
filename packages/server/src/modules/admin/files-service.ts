import type { z } from 'zod';
import {
  ERROR_CODES,
  type AdminFile,
  type AdminFileDeleteResponse,
  type AdminFileDetail,
  type AdminFileDownloadHistoryRequest,
  type AdminFileDownloadHistoryResponse,
  type AdminFileEditRequest,
  type AdminFileIdRequest,
  type AdminFileListRequest,
  type AdminFileListResponse,
  type AdminFileResponse,
  type FileTakedown,
  type StockInformation,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { jsonList, stockInformationOf, type FileRow } from '../files/presenter.js';
import { applyCorrection } from '../files/corrections.js';
import { registrationsOf, reportTypeOf, sectorOf } from '../files/meta-columns.js';
import { fileNotFound } from '../files/access.js';
import { reindexFile } from '../search/reindex.js';
import { presentMyFile } from '../uploads/presenter.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { FilesRepo } from '../files/repo.js';
import type { SearchRepo } from '../search/repo.js';
import type { MyFilesRepo } from '../uploads/repo.js';
import type { AdminFileRow, AdminFilesRepo } from './files-repo.js';
import type { AdminRecord } from '../access/admin-record.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import { isVouched } from '../files/provenance.js';
import { becomesPublic, isInLibrary } from '../files/access.js';

type ListIn = z.output<typeof AdminFileListRequest>;
type IdIn = z.output<typeof AdminFileIdRequest>;
type EditIn = z.output<typeof AdminFileEditRequest>;
type HistoryIn = z.output<typeof AdminFileDownloadHistoryRequest>;

/** The metadata fields an administrator edits, as the contract names them. */
type MetaField = Exclude<keyof EditIn, 'file_id' | 'visibility' | 'research_confirmed'>;
type Editable = Pick<
  EditIn,
  Exclude<MetaField, 'stock_information'> | 'visibility' | 'research_confirmed'
> & {
  /** As stored (the companies given are written as a reading writes them). */
  stock_information?: StockInformation[];
};

/** What the owner sees of a file (my files), and what only the console sees. */
export function presentAdminFile(r: AdminFileRow, takedown?: FileTakedown): AdminFile {
  return {
    ...presentMyFile(r, 'en', takedown),
    // The stored reason as it is, whatever the status (the owner's view words it only on failure).
    fail_reason: r.fail_reason,
    source: r.source,
    owner_id: r.owner_id,
    owner_username: r.owner_username,
    views: r.views,
    taken_down_time: r.taken_down_at,
    dmca_open: Number(r.dmca_open),
    research_confirmed_time: r.research_confirmed_at,
  };
}

type Edited = Required<Editable>;

/** The editable fields of a row, as the contract names them (the audit's before and after). */
function editable(r: FileRow): Edited {
  return {
    title: r.title,
    issuer: r.issuer,
    authors: jsonList(r.authors),
    publish_date: r.publish_date,
    report_type: reportTypeOf(r.report_type),
    asset_class: r.asset_class as Edited['asset_class'],
    country: r.country as Edited['country'],
    tags: jsonList(r.tags),
    language: r.language as Edited['language'],
    stock_information: stockInformationOf(r.stock_information),
    sector: sectorOf(r.sector),
    visibility: r.visibility,
    research_confirmed: r.research_confirmed_at !== null,
  };
}

/**
 * What a change of the console's files writes together: the row (and its stored reading), its
 * search entry, its audit row.
 */
export type AdminFilesTx = {
  jobs: Pick<JobsRepo, 'enqueue'>;
  adminFiles: AdminFilesRepo;
  files: FilesRepo;
  search: SearchRepo;
  myFiles: MyFilesRepo;
  audit: AuditRepo;
};

/**
 * An edit in its transaction: the row (locked by its first write), its corrected fields, its
 * visibility, its search entry and the audit row; nothing when nothing changes.
 */
async function editFile(tx: AdminFilesTx, admin: AdminRecord, req: EditIn, now: string): Promise<void> {
  const row = await tx.adminFiles.touch(req.file_id, now);
  if (!row) throw fileNotFound();
  const before = editable(row);
  // The fields changed are marked corrected: a re-reading of the report keeps them.
  const { file_id: _, visibility: __, research_confirmed: confirm, ...given } = req;
  const { columns: cols, changed: metaChanged } = applyCorrection(row, given);
  const visibility = req.visibility ?? before.visibility;
  const confirmedAt =
    confirm === undefined || confirm === before.research_confirmed
      ? row.research_confirmed_at
      : confirm
        ? now
        : null;
  const next = { ...row, ...cols, visibility, research_confirmed_at: confirmedAt };
  const after = editable(next);
  const changed: (keyof Edited)[] = [...metaChanged];
  if (visibility !== before.visibility) changed.push('visibility');
  if (after.research_confirmed !== before.research_confirmed) changed.push('research_confirmed');
  if (changed.length === 0) return;
  if (metaChanged.length > 0 && row.status === 'processing')
    throw new AppError(ERROR_CODES.conflict, msg('fileStillProcessing'));
  if (becomesPublic(before, after)) {
    if (await tx.myFiles.inLibrary(row.sha256, row.seq))
      throw new AppError(ERROR_CODES.conflict, msg('alreadyInLibrary'));
  }
  if (metaChanged.length > 0) await tx.files.saveMeta(row.seq, cols, after.tags, now);
  if (visibility !== before.visibility) await tx.adminFiles.setVisibility(row.seq, visibility, now);
  if (confirmedAt !== row.research_confirmed_at) await tx.adminFiles.confirmResearch(row.seq, confirmedAt);
  await reindexFile(tx, next);
  // Newly vouched in the library: the follows it was kept from hear of it now (once per user).
  if (isInLibrary(next) && isVouched(next) && !isVouched(row)) {
    await tx.jobs.enqueue('alerts', { file_seq: row.seq }, now);
  }
  const pick = (v: Edited) => Object.fromEntries(changed.map((k) => [k, v[k]]));
  await tx.audit.write(
    admin,
    { action: 'file.edit', targetType: 'file', targetId: row.id, before: pick(before), after: pick(after) },
    now,
  );
}

/**
 * A delete in its transaction: the row (its pages, tags, stars and collection entries with it),
 * its search entry and the audit row. Answers the bytes' sha256, or null when there was no row.
 */
async function dropFile(tx: AdminFilesTx, admin: AdminRecord, fileId: string, now: string) {
  const row = await tx.adminFiles.dropFile(fileId);
  if (!row) return null;
  await tx.search.unindex(row.seq);
  const before = {
    id: row.id,
    file_name: row.file_name,
    title: row.title,
    sha256: row.sha256,
    status: row.status,
    visibility: row.visibility,
    source: row.source,
    owner_id: row.owner_id,
    taken_down_time: row.taken_down_at,
  };
  await tx.audit.write(
    admin,
    { action: 'file.delete', targetType: 'file', targetId: row.id, before, after: null },
    now,
  );
  return row.sha256;
}

/** The console's files: list, details, metadata and visibility edits, delete, download history. */
export function createAdminFilesService(deps: {
  repo: AdminFilesRepo;
  files: Pick<FilesRepo, 'shaInUse'>;
  /** A change, its index entries and its audit row land together (db/unit-of-work.ts). */
  transaction: UnitOfWork<AdminFilesTx>;
  storage: Pick<FileStorage, 'removeUnless'>;
  clock: Clock;
}) {
  const { repo, files, storage, clock } = deps;
  async function detail(id: string): Promise<AdminFileDetail> {
    const r = await repo.byId(id);
    if (!r) throw fileNotFound();
    return {
      ...presentAdminFile(r, (await repo.takedowns([r])).get(r.id)),
      authors: jsonList(r.authors),
      tags: jsonList(r.tags),
      asset_class: r.asset_class,
      country: r.country,
      language: r.language,
      summary: r.summary,
      downloads: await repo.downloadCount(r.id),
      stars: r.stars,
      author_registrations: registrationsOf(r.author_registrations),
    };
  }

  return {
    detail,

    async list(req: ListIn): Promise<AdminFileListResponse> {
      const { rows, total } = await repo.page(
        {
          keyword: req.keyword || undefined,
          status: req.status,
          visibility: req.visibility,
          uploader: req.uploader || undefined,
          dmca: req.dmca,
        },
        { by: req.sort_by, order: req.sort_order },
        pageWindow(req),
      );
      const takedowns = await repo.takedowns(rows);
      return {
        file_list: rows.map((r) => presentAdminFile(r, takedowns.get(r.id))),
        ...pagingAnswer(req, total),
      };
    },

    async details(req: IdIn): Promise<AdminFileResponse> {
      return { file: await detail(req.file_id) };
    },

    /**
     * Changes the fields given. The row, its search entry and the audit row change in one
     * transaction, so search sees the new text (and the new index, for a visibility change) at
     * once. Metadata of a file still being processed is refused: its ingestion would overwrite it.
     */
    async edit(admin: AdminRecord, req: EditIn): Promise<AdminFileResponse> {
      const now = isoNow(clock);
      await deps.transaction((tx) => editFile(tx, admin, req, now));
      return { file: await detail(req.file_id) };
    },

    /**
     * Deletes a file everywhere: the row with its pages, tags, stars and collection entries, its
     * search entry and the audit row in one transaction; then the stored bytes unless another row
     * uses them. Repeating the delete of a file deleted through the console answers ok again and
     * finishes the removal of its bytes if it was interrupted.
     */
    async remove(admin: AdminRecord, req: IdIn): Promise<AdminFileDeleteResponse> {
      const now = isoNow(clock);
      const gone = await deps.transaction((tx) => dropFile(tx, admin, req.file_id, now));
      const sha256 = gone ?? (await repo.deletedBefore(req.file_id))?.sha256;
      if (gone === null && sha256 === undefined) throw fileNotFound();
      if (typeof sha256 === 'string') await storage.removeUnless(sha256, () => files.shaInUse(sha256));
      return { file_id: req.file_id, ok: true };
    },

    async downloadHistory(req: HistoryIn): Promise<AdminFileDownloadHistoryResponse> {
      if (!(await repo.byId(req.file_id))) throw fileNotFound();
      const { rows, total } = await repo.downloads(req.file_id, pageWindow(req));
      const items = rows.map((r) => ({
        user_id: r.user_id,
        username: r.username,
        ip: r.ip,
        downloaded_time: r.created_at,
      }));
      return { items, ...pagingAnswer(req, total) };
    },
  };
}
export type AdminFilesService = ReturnType<typeof createAdminFilesService>;
