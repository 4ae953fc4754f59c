import { ERROR_CODES, PLANS, type AdminFileDownloadResponse, type AdminFileResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { FileAdmission } from '../uploads/admission.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { createDownloadLinks, linkInvalid, type StreamQuery } from '../downloads/download-links.js';
import type { DownloadStream } from '../downloads/service.js';
import { parseByteRange } from '../files/byte-range.js';
import type { FileRow } from '../files/presenter.js';
import { fileNotFound } from '../files/access.js';
import { fileTooLarge } from '../uploads/limits.js';
import { MULTIPART_SLACK, receivePart, type UploadPart } from '../uploads/service.js';
import type { UploadDir } from '../uploads/temp-files.js';
import { toUserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import type { AdminFilesRepo } from './files-repo.js';
import type { AdminFilesService } from './files-service.js';
import { isAdmin, type AdminRecord } from '../access/admin-record.js';

/** A part of the console's multipart upload, as @fastify/multipart yields them. */
export type AdminUploadPart =
  { type: 'field'; fieldname: string; value: unknown } | (UploadPart & { type: 'file' });

/** An administrator's upload is held to the largest plan's per-file size. */
const UPLOAD_PLAN = PLANS.paid_v0;

const bytesMissing = () => new AppError(ERROR_CODES.fileMissing, msg('storedPdfMissing'));

/**
 * Reads the console upload's parts: the part `file` streamed to `path` (at most the paid plan's
 * per-file size), and the name to file it under (`file_name`, else the part's name); other parts
 * are drained. 400 when no file came.
 */
async function receiveUpload(
  parts: AsyncIterable<AdminUploadPart>,
  path: string,
): Promise<{ name: string; size: number; sha256: string }> {
  let fileName = '';
  let got: { size: number; sha256: string; partName: string } | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'file_name' && typeof part.value === 'string') fileName = part.value.trim();
    } else if (part.fieldname !== 'file' || got) {
      part.file.resume();
    } else {
      got = { ...(await receivePart(part, path, UPLOAD_PLAN)), partName: part.filename };
    }
  }
  if (!got) throw new AppError(ERROR_CODES.validation, msg('chooseFile'), { field: 'file' });
  return { name: fileName || got.partName || 'report.pdf', size: got.size, sha256: got.sha256 };
}

/**
 * Bytes in and out of the console: an upload into the public library through the ingestion
 * pipeline, and a signed link to any file's PDF (taken down, private or failed ones too), which
 * counts against no user's quota and leaves no row in the users' download history.
 */
export function createAdminTransfers(deps: {
  repo: Pick<AdminFilesRepo, 'byId'>;
  files: Pick<AdminFilesService, 'detail'>;
  users: Pick<UsersRepo, 'byId'>;
  ingestor: FileAdmission;
  dir: UploadDir;
  storage: Pick<FileStorage, 'size'>;
  signer: UrlSigner;
  clock: Clock;
  publicUrl: string | null;
}) {
  const { repo, ingestor, dir, storage, clock } = deps;
  const links = createDownloadLinks('manage-download', deps);

  async function sizeOf(file: FileRow): Promise<number> {
    const size = await storage.size(file.sha256);
    if (size === null) throw bytesMissing();
    return size;
  }

  return {
    /**
     * `/api/manage/file/upload`: the part `file` is streamed to a temporary file (at most the paid
     * plan's per-file size), then ingested as a public library file (source 'admin', no owner,
     * status processing until its job has indexed it) under `file_name` (else the part's name).
     * The file row, its job and the audit row are written in one transaction. 400 not_pdf for
     * content that is not a PDF (nothing is stored); 409 when the library already has it.
     */
    async upload(
      admin: AdminRecord,
      contentLength: number | null,
      parts: AsyncIterable<AdminUploadPart>,
    ): Promise<AdminFileResponse> {
      if (contentLength !== null && contentLength > UPLOAD_PLAN.upload_max_bytes + MULTIPART_SLACK)
        throw fileTooLarge(UPLOAD_PLAN);
      const path = await dir.newTempPath();
      try {
        const { name, size, sha256 } = await receiveUpload(parts, path);
        const now = isoNow(clock);
        const outcome = await ingestor.ingestFile({
          path,
          size,
          sha256,
          fileName: name,
          source: 'admin',
          ownerId: null,
          uploadUser: admin.username,
          visibility: 'public',
          limits: null,
          // The audit row lands with the file row, in the ingestion's unit of work.
          alsoInTransaction: (tx, fileId) =>
            tx.audit.write(
              admin,
              {
                action: 'file.upload',
                targetType: 'file',
                targetId: fileId,
                before: null,
                after: {
                  file_name: name,
                  size_bytes: size,
                  sha256,
                  visibility: 'public',
                  status: 'processing',
                },
              },
              now,
            ),
        });
        if (outcome.kind === 'rejected') {
          if (outcome.code === ERROR_CODES.tooLarge) throw fileTooLarge(UPLOAD_PLAN);
          throw new AppError(ERROR_CODES.notPdf, msg('notPdf'));
        }
        if (outcome.kind === 'duplicate')
          throw new AppError(ERROR_CODES.conflict, msg('alreadyInLibrary'), {
            file_id: outcome.fileId,
          });
        return { file: await deps.files.detail(outcome.fileId) };
      } finally {
        await dir.remove(path);
      }
    },

    /** A link to the file's PDF, signed for this administrator, valid DOWNLOAD_LINK_TTL_S. */
    async downloadLink(admin: AdminRecord, fileId: string): Promise<AdminFileDownloadResponse> {
      const file = await repo.byId(fileId);
      if (!file) throw fileNotFound();
      await sizeOf(file);
      return links.issue(admin.id, file.id);
    },

    /**
     * What `GET /api/manage/file/download_stream` serves: the link is the authority (a browser
     * follows it without a header), so the signature, its expiry and the administrator it was
     * signed for (still an enabled administrator) are checked; then any file is served.
     */
    async open(q: StreamQuery, req: { range: string | undefined }): Promise<DownloadStream> {
      const issuer = await deps.users.byId(links.signedFor(q));
      if (!issuer || !isAdmin(toUserRecord(issuer))) throw linkInvalid();
      const file = await repo.byId(q.file_id);
      if (!file) throw fileNotFound();
      const size = await sizeOf(file);
      return { file, size, range: parseByteRange(req.range, size) };
    },
  };
}
export type AdminTransfers = ReturnType<typeof createAdminTransfers>;
