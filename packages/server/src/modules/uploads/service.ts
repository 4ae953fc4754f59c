import type { Readable } from 'node:stream';
import { ERROR_CODES, type Plan, type UploadResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { AlsoInTransaction, FileAdmission } from './admission.js';
import type { UserRecord } from '../access/user-record.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { FilesRepo } from '../files/repo.js';
import type { QuotaService } from '../quota/service.js';
import { assertRegionAllows } from '../quota/region.js';
import { assertFileSize, assertRoom, fileTooLarge, limitsOf } from './limits.js';
import { presentMyFile } from './presenter.js';
import { receiveToFile, StreamBroken, StreamTooLarge, type UploadDir } from './temp-files.js';
import type { UploadGate, UploadPlace } from './upload-gate.js';

/** 400 for a request body that could not be read as an upload. */
export const brokenUpload = () =>
  new AppError(ERROR_CODES.badRequest, msg('brokenUpload'), { field: 'file' });

/** What multipart parsing found: the part named `file`, if any. */
export interface UploadPart {
  fieldname: string;
  filename: string;
  file: Readable;
}

/** Room a multipart envelope (boundaries, part headers, a few small fields) may take. */
export const MULTIPART_SLACK = 64 * 1024;

/**
 * The chunked upload a received file completes: the room its session kept becomes the file's, and
 * `alsoInTransaction` (the session's removal) commits with the file row.
 */
export interface Completing {
  session: string;
  alsoInTransaction: AlsoInTransaction;
}

/** A received upload on disk, ready to be ingested. */
export interface Received {
  path: string;
  size: number;
  sha256: string;
  fileName: string;
}

/**
 * Streams an upload part into a new file at `path` within the plan's per-file size (fileTooLarge
 * past it); 400 for a body cut short, for an empty part without a name (no file chosen) and for an
 * empty file (not_pdf). `place`, when given, takes each chunk's bytes before they are written (and
 * may cut the body). The caller removes `path` afterwards.
 */
export async function receivePart(
  part: UploadPart,
  path: string,
  plan: Plan,
  place?: UploadPlace,
): Promise<{ size: number; sha256: string }> {
  let got;
  try {
    got = await receiveToFile(part.file, path, plan.upload_max_bytes, place && ((n) => place.take(n)));
  } catch (err) {
    if (err instanceof StreamTooLarge) throw fileTooLarge(plan);
    if (err instanceof StreamBroken) throw brokenUpload();
    throw err;
  }
  if (got.size === 0) {
    // A browser sends an empty file input as an empty part without a file name.
    if (!part.filename) throw new AppError(ERROR_CODES.validation, msg('chooseFile'), { field: 'file' });
    throw new AppError(ERROR_CODES.notPdf, msg('emptyFile'));
  }
  assertFileSize(plan, got.size);
  return got;
}

export function createUploadService(deps: {
  files: FilesRepo;
  ingestor: FileAdmission;
  quota: QuotaService;
  dir: UploadDir;
  gate: UploadGate;
  clock: Clock;
}) {
  const { files, ingestor, quota, dir, gate, clock } = deps;

  /** The room the user's uploads take now, open chunked uploads (but `completing`'s) included. */
  const room = (user: UserRecord, completing?: string) =>
    files.uploadRoom(user.id, isoNow(clock), completing);

  /** Login, region, plan: the checks every upload call starts with. */
  function begin(viewer: Viewer): { user: UserRecord; plan: Plan } {
    const user = requireUser(viewer);
    assertRegionAllows(viewer, 'upload');
    return { user, plan: quota.planOf(viewer) };
  }

  /**
   * Sends a received file through the ingestion pipeline as the user's private upload. The plan's
   * limits are checked once more in the insert itself (another request may have used the room);
   * the room open chunked uploads keep counts as taken, but that of the one this file completes.
   */
  async function admit(
    user: UserRecord,
    plan: Plan,
    got: Received,
    completing?: Completing,
  ): Promise<UploadResponse> {
    assertRoom(plan, await room(user, completing?.session), got.size);
    const outcome = await ingestor.ingestFile({
      path: got.path,
      size: got.size,
      sha256: got.sha256,
      fileName: got.fileName,
      source: 'upload',
      ownerId: user.id,
      uploadUser: user.username,
      visibility: 'private',
      limits: { ...limitsOf(plan), completing: completing?.session },
      alsoInTransaction: completing?.alsoInTransaction,
    });
    if (outcome.kind === 'rejected') {
      if (outcome.code === ERROR_CODES.tooLarge) throw fileTooLarge(plan);
      if (outcome.code === ERROR_CODES.quotaExceeded) {
        assertRoom(plan, await room(user, completing?.session), got.size);
        throw new AppError(ERROR_CODES.unavailable, msg('uploadNotStored'));
      }
      throw new AppError(ERROR_CODES.notPdf, msg('notPdf'));
    }
    const row = await files.byId(outcome.fileId);
    if (!row) throw new AppError(ERROR_CODES.unavailable, msg('uploadNotStored'));
    // A file just received is not processed yet: it has no reason of failure to word.
    return { file: presentMyFile(row, 'en'), duplicate: outcome.kind === 'duplicate' };
  }

  return {
    begin,
    admit,

    /**
     * `/api/file/user_upload`: refuses, in this order, a closed region, a missing file (or an empty
     * part without a name: a browser's empty file input), an empty file (not_pdf), a file over the
     * plan's size, a full quota (files or storage), content that is not a PDF. The part is streamed
     * to a temporary file, never held in memory. `contentLength` (the request's) lets a clearly
     * oversized upload, or a full quota, be refused before its bytes are read. The upload gate
     * bounds how many bodies stream in at once (per account, per address) and the bytes they have
     * written (not those they declare: a trickle declaring 200 MB holds what it sent).
     */
    async upload(
      viewer: Viewer,
      contentLength: number | null,
      nextPart: (maxBytes: number) => Promise<UploadPart | undefined>,
    ): Promise<UploadResponse> {
      const { user, plan } = begin(viewer);
      if (contentLength !== null) {
        if (contentLength > plan.upload_max_bytes + MULTIPART_SLACK) throw fileTooLarge(plan);
        // The file cannot be over the size limit, so the count is the next check that can fail.
        if (contentLength <= plan.upload_max_bytes) assertRoom(plan, await room(user), 0);
      }
      // Before a byte is read: a place; the body's bytes are counted as they reach the disk.
      const place = gate.enter(user.id, viewer.ip);
      try {
        const part = await nextPart(plan.upload_max_bytes);
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError(ERROR_CODES.validation, msg('chooseFile'), { field: 'file' });
        }
        const path = await dir.newTempPath();
        try {
          const got = await receivePart(part, path, plan, place);
          return await admit(user, plan, { path, ...got, fileName: part.filename || 'report.pdf' });
        } finally {
          await dir.remove(path);
        }
      } finally {
        place.release();
      }
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
