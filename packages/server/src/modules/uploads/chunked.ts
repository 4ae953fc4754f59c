import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import {
  ERROR_CODES,
  UPLOAD_SESSION_TTL_H,
  uploadChunkSize,
  type UploadInitRequest,
  type Plan,
  type UploadResponse,
  type UploadSession,
} from '@rl/contract';
import { AppError, BadRequest, NotFound, TooManyRequests } from '../../http/errors.js';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { sha256OfFile } from '../../platform/storage/types.js';
import { sniffPdf } from '../../pdf/sniff.js';
import type { FilesRepo } from '../files/repo.js';
import type { UserRecord } from '../users/model.js';
import { assertFileSize, assertRoom } from './limits.js';
import { NOT_PDF, type UploadService } from './service.js';
import type { SessionRow, UploadSessionsRepo } from './sessions-repo.js';
import type { UploadDir } from './temp-files.js';

/** Chunked uploads a user may have open at once (each holds a part file on disk). */
export const UPLOAD_SESSIONS_MAX = 5;

/**
 * How long a claim holds a session for its writer, by the database's clock: far longer than
 * writing and syncing one chunk, or hashing and storing a whole upload; short enough that the
 * claim of a process that died holding it soon lets the client's retry through.
 */
export const CHUNK_CLAIM_MS = 60_000;
export const COMPLETE_CLAIM_MS = 5 * 60_000;

const notFound = () => new NotFound('Upload not found', 'not_found');
const conflict = (msg: string, received: number) =>
  new AppError(409, ERROR_CODES.conflict, msg, { received_bytes: received });
const newClaim = () => randomBytes(12).toString('base64url');

const present = (s: SessionRow): UploadSession => ({
  upload_id: s.id,
  file_name: s.file_name,
  size_bytes: s.size_bytes,
  chunk_size: s.chunk_size,
  received_bytes: s.received_bytes,
  expires_time: s.expires_at,
});

/**
 * Resumable uploads of large files: init declares the size (checked against the plan at once),
 * chunks arrive in order at `received_bytes` and are synced to DATA_DIR/uploads/<id>.part before
 * they count, status tells a client that lost its connection where to resume, complete ingests the
 * file like a one-request upload.
 *
 * Writers of one session (chunks, complete, cancel) may be requests to different instances: each
 * first claims the session in the database (sessions.claim, one conditional UPDATE), and only the
 * holder of a live claim touches the part file. A chunk counts only if its claim still holds when
 * it is recorded, so of chunks sent at once for one offset exactly one lands.
 */
export function createChunkedUploads(deps: {
  sessions: UploadSessionsRepo;
  files: FilesRepo;
  uploads: UploadService;
  dir: UploadDir;
  clock: Clock;
}) {
  const { sessions, files, uploads, dir, clock } = deps;
  const expiry = () => new Date(clock.now().getTime() + UPLOAD_SESSION_TTL_H * 3600_000).toISOString();

  async function owned(viewer: Viewer, id: string): Promise<SessionRow> {
    const user = requireUser(viewer);
    const s = await sessions.owned(id, user.id);
    if (!s || s.expires_at <= isoNow(clock)) throw notFound();
    return s;
  }

  /** The 409 of a writer that found the session claimed or moved on (404 when it is gone). */
  async function taken(viewer: Viewer, id: string, offset: number): Promise<AppError> {
    const now = await owned(viewer, id);
    return now.received_bytes === offset
      ? conflict('A chunk at this offset is being written; try again shortly', now.received_bytes)
      : conflict(`The upload continues at byte ${now.received_bytes}`, now.received_bytes);
  }

  async function drop(id: string): Promise<void> {
    await sessions.remove(id);
    await dir.remove(dir.partPath(id));
  }

  /** Writes a chunk into the part file at its offset (bytes a crash left past it are cut), synced. */
  async function writeChunk(id: string, offset: number, bytes: Buffer): Promise<void> {
    const handle = await open(dir.partPath(id), offset === 0 ? 'w' : 'r+', 0o640);
    try {
      await handle.write(bytes, 0, bytes.length, offset);
      await handle.truncate(offset + bytes.length);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Ingests the received part file of session `s`, then drops the session (complete). */
  async function finish(user: UserRecord, plan: Plan, s: SessionRow): Promise<UploadResponse> {
    const id = s.id;
    const path = dir.partPath(id);
    const size = (await stat(path).catch(() => null))?.size;
    if (size !== s.size_bytes) {
      await drop(id);
      throw new BadRequest('The uploaded bytes were lost; please upload the file again');
    }
    let res: UploadResponse;
    try {
      res = await uploads.admit(
        user,
        plan,
        { path, size, sha256: await sha256OfFile(path), fileName: s.file_name },
        sessions.removing(id),
      );
    } catch (err) {
      // Content that is not a PDF ends the upload; a full quota (the user may free room) or a
      // passing failure keeps it, so complete can be called again.
      if (err instanceof AppError && err.code === ERROR_CODES.notPdf) await drop(id);
      throw err;
    }
    await drop(id);
    return res;
  }

  return {
    async init(viewer: Viewer, req: UploadInitRequest): Promise<UploadSession> {
      const { user, plan } = uploads.begin(viewer);
      assertFileSize(plan, req.size_bytes);
      assertRoom(plan, await files.heldUploads(user.id), req.size_bytes);
      if ((await sessions.countOpen(user.id, isoNow(clock))) >= UPLOAD_SESSIONS_MAX) {
        throw new TooManyRequests(
          `At most ${UPLOAD_SESSIONS_MAX} uploads can be under way at once; finish or cancel one first`,
        );
      }
      const now = isoNow(clock);
      const row = {
        id: randomBytes(16).toString('base64url'),
        user_id: user.id,
        file_name: req.file_name,
        size_bytes: req.size_bytes,
        chunk_size: uploadChunkSize(req.size_bytes),
        created_at: now,
        updated_at: now,
        expires_at: expiry(),
      };
      await sessions.insert(row);
      return present({ ...row, received_bytes: 0 });
    },

    /**
     * One chunk at `offset`, which must be where the upload stands (else 409 with received_bytes).
     * Every chunk is chunk_size long except the last. Written under a claim of the offset (taken
     * right before, and lasting far longer than a chunk takes to write), synced, then counted only
     * while the claim still holds.
     */
    async chunk(viewer: Viewer, id: string, offset: number, bytes: Buffer): Promise<UploadSession> {
      const s = await owned(viewer, id);
      if (offset !== s.received_bytes) {
        throw conflict(`The upload continues at byte ${s.received_bytes}`, s.received_bytes);
      }
      const end = offset + bytes.length;
      if (bytes.length === 0) throw new BadRequest('The chunk is empty', { field: 'body' });
      if (end > s.size_bytes)
        throw new BadRequest('The chunk goes past the declared size', { field: 'body' });
      if (bytes.length !== s.chunk_size && end !== s.size_bytes) {
        throw new BadRequest(`Chunks are ${s.chunk_size} bytes long; only the last may be shorter`, {
          field: 'body',
        });
      }
      const claim = newClaim();
      if (!(await sessions.claim(id, claim, CHUNK_CLAIM_MS, offset))) throw await taken(viewer, id, offset);
      let counted = false;
      try {
        if (offset === 0 && !sniffPdf(bytes).ok) {
          await drop(id);
          throw new BadRequest(NOT_PDF, {}, ERROR_CODES.notPdf);
        }
        await writeChunk(id, offset, bytes);
        const now = isoNow(clock);
        const expires = expiry();
        if (!(await sessions.advance(id, claim, offset, end, now, expires)))
          throw await taken(viewer, id, offset);
        counted = true;
        return present({ ...s, received_bytes: end, updated_at: now, expires_at: expires });
      } finally {
        if (!counted) await sessions.release(id, claim);
      }
    },

    status: async (viewer: Viewer, id: string) => present(await owned(viewer, id)),

    /**
     * Ingests a fully received upload. The session row goes in the transaction that writes the
     * file row, so a retried complete after a crash never makes a second file; its part file is
     * removed afterwards (or by the sweep).
     */
    async complete(viewer: Viewer, id: string): Promise<UploadResponse> {
      const { user, plan } = uploads.begin(viewer);
      const s = await owned(viewer, id);
      if (s.received_bytes < s.size_bytes) {
        throw conflict(
          `The upload is not complete: ${s.received_bytes} of ${s.size_bytes} bytes`,
          s.received_bytes,
        );
      }
      // A second complete (or a cancel) meanwhile would find the part file gone half way.
      const claim = newClaim();
      if (!(await sessions.claim(id, claim, COMPLETE_CLAIM_MS, s.size_bytes))) {
        await owned(viewer, id); // 404 when it was completed or cancelled meanwhile
        throw conflict('The upload is being completed', s.received_bytes);
      }
      try {
        return await finish(user, plan, s);
      } finally {
        // Kept for another complete when it failed; gone (nothing to release) when it worked.
        await sessions.release(id, claim);
      }
    },

    async cancel(viewer: Viewer, id: string): Promise<void> {
      const s = await owned(viewer, id);
      if (!(await sessions.removeUnclaimed(id))) {
        await owned(viewer, id); // 404 when it was completed or cancelled meanwhile
        throw conflict('The upload is being completed', s.received_bytes);
      }
      await dir.remove(dir.partPath(id));
    },
  };
}
export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;
