import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  UPLOAD_SESSION_TTL_H,
  uploadChunkSize,
  type UploadInitRequest,
  type Plan,
  type UploadResponse,
  type UploadSession,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg, type Message } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { cleanFileName } from '../../text/file-name.js';
import { sniffPdf } from '../../pdf/sniff.js';
import type { FilesRepo } from '../files/repo.js';
import type { UserRecord } from '../access/user-record.js';
import { createChunkFiles, isMissing } from './chunk-files.js';
import { assertFileSize, assertRoom, limitsOf } from './limits.js';
import type { UploadService } from './service.js';
import type { SessionRow, UploadSessionsRepo } from './sessions-repo.js';
import type { UploadDir } from './temp-files.js';
import type { UploadGate } from './upload-gate.js';

/** The longest chunk body (the largest chunk_size) plus room. */
export const CHUNK_BODY_MAX = 10 * 1024 * 1024 + 64 * 1024;

/** Chunked uploads a user may have open at once (each holds its bytes so far on disk). */
export const UPLOAD_SESSIONS_MAX = 5;

/**
 * How long a claim holds a session for its writer, by the database's clock: far longer than
 * writing and syncing one chunk, or joining, hashing and storing a whole upload; short enough that
 * the claim of a process that died holding it soon lets the client's retry through.
 */
export const CLAIM_MS = { chunk: 60_000, complete: 5 * 60_000 };

const notFound = () => new AppError(ERROR_CODES.notFound, msg('uploadNotFound'));
const conflict = (message: Message, received: number) =>
  new AppError(ERROR_CODES.conflict, message, { received_bytes: received });
type ChunkFiles = ReturnType<typeof createChunkFiles>;
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
 * A chunk of `length` bytes at `offset` fits the session: where it stands (else 409), not empty,
 * not past the declared size, chunk_size long unless it is the last.
 */
function assertChunkFits(s: SessionRow, offset: number, length: number): void {
  if (offset !== s.received_bytes) {
    throw conflict(msg('uploadContinuesAt', { at: s.received_bytes }), s.received_bytes);
  }
  const end = offset + length;
  if (length === 0) throw new AppError(ERROR_CODES.badRequest, msg('chunkEmpty'), { field: 'body' });
  if (end > s.size_bytes)
    throw new AppError(ERROR_CODES.badRequest, msg('chunkPastSize'), {
      field: 'body',
    });
  if (length !== s.chunk_size && end !== s.size_bytes) {
    throw new AppError(ERROR_CODES.badRequest, msg('chunkSize', { size: s.chunk_size }), {
      field: 'body',
    });
  }
}

/** What every writer of a session needs: the user's live session, the 409 of a busy one, dropping one. */
function sessionAccess(sessions: UploadSessionsRepo, chunks: ChunkFiles, clock: Clock) {
  /** The user's upload `id` while it lasts, else 404. */
  async function owned(user: UserRecord, id: string): Promise<SessionRow> {
    const s = await sessions.owned(id, user.id);
    if (!s || s.expires_at <= isoNow(clock)) throw notFound();
    return s;
  }

  /**
   * The 409 of a writer that found the session claimed or moved on (404 when it is gone). A claim
   * at the full size is a completion; below it, a chunk being written.
   */
  async function busy(user: UserRecord, id: string, offset?: number): Promise<AppError> {
    const now = await owned(user, id);
    const at = now.received_bytes;
    if (offset !== undefined && at !== offset) return conflict(msg('uploadContinuesAt', { at }), at);
    return at === now.size_bytes
      ? conflict(msg('uploadCompleting'), at)
      : conflict(msg('chunkBeingWritten'), at);
  }

  async function drop(id: string): Promise<void> {
    await sessions.remove(id);
    await chunks.remove(id);
  }

  return { owned, busy, drop };
}

/**
 * Before a chunk's body is read: the caller is logged in (401), the upload `at` names is theirs and
 * open (404), its offset is where the upload stands (409) and the declared length fits (400); then
 * the gate lets the body in (429 per account or address, 503 past the bytes in flight). Answers
 * the function that lets it out. `at` is null when the query is malformed (its validation answers
 * later). So no body is read for a caller who will be refused.
 */
function chunkAdmission(owned: (user: UserRecord, id: string) => Promise<SessionRow>, gate: UploadGate) {
  return async (
    viewer: Viewer,
    at: { id: string; offset: number } | null,
    declared: number | null,
  ): Promise<() => void> => {
    const user = requireUser(viewer);
    if (at) {
      const s = await owned(user, at.id);
      if (declared !== null) assertChunkFits(s, at.offset, declared);
      else if (at.offset !== s.received_bytes) {
        throw conflict(msg('uploadContinuesAt', { at: s.received_bytes }), s.received_bytes);
      }
    }
    // Held in memory whole before it is written: its declared length (at most 10 MB) is reserved.
    const place = gate.enter(user.id, viewer.ip, declared ?? CHUNK_BODY_MAX);
    return () => place.release();
  };
}

/** Ingests the received chunks of session `s` (claimed by `claim`), then drops the session. */
async function finishUpload(
  parts: {
    sessions: UploadSessionsRepo;
    uploads: UploadService;
    dir: UploadDir;
    chunks: ChunkFiles;
    drop: (id: string) => Promise<void>;
  },
  user: UserRecord,
  plan: Plan,
  s: SessionRow,
  claim: string,
): Promise<UploadResponse> {
  const { sessions, uploads, chunks, drop } = parts;
  const id = s.id;
  const joined = await chunks.join(id, claim, s.size_bytes, s.chunk_size);
  if (!joined) {
    // Removed meanwhile (an administrator deleted the account, the sweep): gone, not lost.
    if (!(await sessions.exists(id))) throw notFound();
    await drop(id);
    throw new AppError(ERROR_CODES.badRequest, msg('uploadLost'));
  }
  let res: UploadResponse;
  try {
    res = await uploads.admit(
      user,
      plan,
      { path: joined.path, size: s.size_bytes, sha256: joined.sha256, fileName: s.file_name },
      { session: id, alsoInTransaction: (tx) => tx.uploadSessions.remove(id) },
    );
  } catch (err) {
    // Content that is not a PDF ends the upload; a full quota (the user may free room) or a
    // passing failure keeps it, so complete can be called again.
    if (err instanceof AppError && err.code === ERROR_CODES.notPdf) await drop(id);
    else await parts.dir.remove(joined.path);
    throw err;
  }
  await drop(id);
  return res;
}

/**
 * Resumable uploads of large files: init declares the size (checked against the plan at once,
 * counting the uploads already under way; from then on it counts as taken for every other upload,
 * so what init accepted finds its room at complete), chunks arrive in order at `received_bytes` and are
 * synced to disk before they count, status tells a client that lost its connection where to
 * resume, complete ingests the file like a one-request upload.
 *
 * Writers of one session (chunks, complete, cancel) may be requests to different instances: each
 * first claims the session in the database (sessions.claim, one conditional UPDATE); cancel
 * deletes it only while no claim holds it. A chunk is written under a name of its own and counts
 * only if its claim still holds when it is recorded; only then is it renamed into place
 * (chunk-files.ts). So of chunks sent at once for one offset exactly one lands, with its own
 * bytes, and every race between writers ends in a 409 or a 404, never a half-removed file.
 */
export function createChunkedUploads(deps: {
  sessions: UploadSessionsRepo;
  files: FilesRepo;
  uploads: UploadService;
  dir: UploadDir;
  /** Bounds the chunk bodies streaming in at once (per account, per address, bytes). */
  gate: UploadGate;
  clock: Clock;
  /** How long claims last (CLAIM_MS; tests shorten them). */
  claimMs?: { chunk: number; complete: number };
}) {
  const { sessions, files, uploads, gate, clock } = deps;
  const claimMs = deps.claimMs ?? CLAIM_MS;
  const chunks = createChunkFiles(deps.dir);
  const expiry = () => new Date(clock.now().getTime() + UPLOAD_SESSION_TTL_H * 3600_000).toISOString();

  const { owned, busy, drop } = sessionAccess(sessions, chunks, clock);
  const finish = (user: UserRecord, plan: Plan, s: SessionRow, claim: string) =>
    finishUpload({ sessions, uploads, dir: deps.dir, chunks, drop }, user, plan, s, claim);

  return {
    /**
     * Opens an upload within the plan: its declared size must fit the per-file limit, and with
     * the user's files (whatever their state) and uploads already under way, the plan's files and
     * storage; at most UPLOAD_SESSIONS_MAX under way. Checked again in the INSERT itself, so
     * concurrent inits cannot all pass.
     */
    async init(viewer: Viewer, req: UploadInitRequest): Promise<UploadSession> {
      const { user, plan } = uploads.begin(viewer);
      assertFileSize(plan, req.size_bytes);
      const now = isoNow(clock);
      const row = {
        id: randomBytes(16).toString('base64url'),
        user_id: user.id,
        file_name: cleanFileName(req.file_name),
        size_bytes: req.size_bytes,
        chunk_size: uploadChunkSize(req.size_bytes),
        created_at: now,
        updated_at: now,
        expires_at: expiry(),
      };
      const limits = { ...limitsOf(plan), maxSessions: UPLOAD_SESSIONS_MAX };
      if (!(await sessions.insertWithin(row, limits, now))) {
        // Refused: say which limit, as it stands now.
        assertRoom(plan, await files.uploadRoom(user.id, now), req.size_bytes);
        throw new AppError(ERROR_CODES.tooManyRequests, msg('tooManyUploads', { max: UPLOAD_SESSIONS_MAX }));
      }
      return present({ ...row, received_bytes: 0 });
    },

    /** Before a chunk's body is read: who may send it, and whether it may stream in now. */
    admitChunk: chunkAdmission(owned, gate),

    /**
     * One chunk at `offset`, which must be where the upload stands (else 409 with received_bytes).
     * Every chunk is chunk_size long except the last. Claimed right before (the claim lasting far
     * longer than a chunk takes to write), written and synced under the writer's own name, counted
     * only while the claim still holds, then renamed into place and the claim released.
     */
    async chunk(viewer: Viewer, id: string, offset: number, bytes: Buffer): Promise<UploadSession> {
      const user = requireUser(viewer);
      const s = await owned(user, id);
      assertChunkFits(s, offset, bytes.length);
      const end = offset + bytes.length;
      const claim = newClaim();
      if (!(await sessions.claim(id, claim, claimMs.chunk, offset))) throw await busy(user, id, offset);
      let staged: string | null = null;
      try {
        if (offset === 0 && !sniffPdf(bytes).ok) {
          await drop(id);
          throw new AppError(ERROR_CODES.notPdf, msg('notPdf'));
        }
        staged = await chunks.stage(id, offset, claim, bytes).catch(async (err: unknown) => {
          // The folder went with the upload (removed past its claim: expired, account deleted).
          if (isMissing(err) && !(await sessions.exists(id))) throw notFound();
          throw err;
        });
        const now = isoNow(clock);
        const expires = expiry();
        if (!(await sessions.advance(id, claim, offset, end, now, expires))) {
          const refusal = await busy(user, id, offset).catch(async (gone: unknown) => {
            await chunks.remove(id); // the upload is gone: so is the folder this write made again
            return gone;
          });
          throw refusal;
        }
        // Counted: this chunk's bytes, and no other's, go in place.
        if (!(await chunks.land(staged, id, offset))) throw notFound();
        staged = null;
        return present({ ...s, received_bytes: end, updated_at: now, expires_at: expires });
      } finally {
        if (staged) await chunks.discard(staged);
        await sessions.release(id, claim);
      }
    },

    status: async (viewer: Viewer, id: string) => present(await owned(requireUser(viewer), id)),

    /**
     * Ingests a fully received upload. The session row goes in the transaction that writes the
     * file row, so a retried complete after a crash never makes a second file; its chunks are
     * removed afterwards (or by the sweep).
     */
    async complete(viewer: Viewer, id: string): Promise<UploadResponse> {
      const { user, plan } = uploads.begin(viewer);
      const s = await owned(user, id);
      if (s.received_bytes < s.size_bytes) {
        throw conflict(
          msg('uploadIncomplete', { received: s.received_bytes, size: s.size_bytes }),
          s.received_bytes,
        );
      }
      // A second complete (or a cancel) meanwhile would find the chunks gone half way.
      const claim = newClaim();
      if (!(await sessions.claim(id, claim, claimMs.complete, s.size_bytes))) throw await busy(user, id);
      try {
        return await finish(user, plan, s, claim);
      } finally {
        // Kept for another complete when it failed; gone (nothing to release) when it worked.
        await sessions.release(id, claim);
      }
    },

    /** Abandons an upload and its bytes; 409 while a chunk or the completion holds it. */
    async cancel(viewer: Viewer, id: string): Promise<void> {
      const user = requireUser(viewer);
      await owned(user, id);
      if (!(await sessions.removeUnclaimed(id))) throw await busy(user, id);
      await chunks.remove(id);
    },
  };
}
export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;
