import {
  DOWNLOAD_LINK_TTL_S,
  ERROR_CODES,
  type DownloadHistoryResponse,
  type DownloadResponse,
} from '@rl/contract';
import { Forbidden } from '../../http/errors.js';
import { requireUser, type Viewer } from '../../http/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { isOwner } from '../files/access.js';
import { parseByteRange, type RangeResult } from '../files/byte-range.js';
import type { FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/service.js';
import type { QuotaService } from '../quota/service.js';
import { toUserRecord, type UserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { downloadName } from './content-disposition.js';
import type { DownloadsRepo } from './repo.js';

/** What GET /api/file/download_stream serves. */
export interface DownloadStream {
  file: FileRow;
  size: number;
  range: RangeResult;
}

/** Query of a download stream: a signed link carries uid, exp and sig; a bearer call none of them. */
export interface StreamQuery {
  file_id: string;
  uid?: string;
  exp?: number;
  sig?: string;
}

// The subject names the user and 'download', so a link is never a preview link (file-urls.ts).
const subject = (userId: string, fileId: string) => `download:${userId}:${fileId}`;
const linkInvalid = () => new Forbidden('This download link is not valid', ERROR_CODES.linkInvalid);
const notYours = () =>
  new Forbidden(
    'This download link belongs to another account: only the account it was issued to may resume it',
    ERROR_CODES.linkNotYours,
  );

/**
 * Downloads (paid plan): each counted download spends the daily and monthly quota and leaves a
 * row in the history. A user's own uploads are recorded but not counted, as when opening them.
 */
export function createDownloadsService(deps: {
  repo: DownloadsRepo;
  files: Pick<FilesRepo, 'byId'>;
  users: Pick<UsersRepo, 'byId'>;
  quota: Pick<QuotaService, 'planOf' | 'consume'>;
  storage: Pick<FileStorage, 'size'>;
  signer: UrlSigner;
  clock: Clock;
  publicUrl: string | null;
}) {
  const { repo, files, users, quota, storage, signer, clock } = deps;
  const nowS = () => Math.floor(clock.now().getTime() / 1000);

  /** 401 without login; 403 plan_required on a plan without downloads. */
  function downloader(viewer: Viewer): UserRecord {
    const user = requireUser(viewer);
    if (quota.planOf(viewer).limits.download.count === 0)
      throw new Forbidden(
        'Downloads are not included in the free plan. Subscribe to the institutional plan to use them.',
        ERROR_CODES.planRequired,
      );
    return user;
  }

  async function count(viewer: Viewer, user: UserRecord, file: FileRow): Promise<void> {
    if (!isOwner(file, viewer)) await quota.consume(viewer, 'download');
    await repo.record({
      user_id: user.id,
      username: user.username,
      file_id: file.id,
      file_name: file.file_name,
      size_bytes: file.size_bytes,
      ip: viewer.ip,
      created_at: isoNow(clock),
    });
  }

  async function sizeOf(file: FileRow): Promise<number> {
    const size = await storage.size(file.sha256);
    if (size === null) throw new Error(`the stored bytes of file ${file.id} are missing`);
    return size;
  }

  /**
   * The user a signed link was given to, if the signature holds and has not expired. The link was
   * counted when issued, so who may use it is what keeps it from being a free download: a browser
   * follows it for the whole file without a header, but a request carrying another account's
   * token, or a byte range (a resume or a read in pieces) without the issued account's token, is
   * refused.
   */
  async function linkUser(viewer: Viewer, q: StreamQuery, ranged: boolean): Promise<UserRecord> {
    const user = await signedUser(q);
    if (viewer.user ? viewer.user.id !== user.id : ranged) throw notYours();
    return user;
  }

  async function signedUser(q: StreamQuery): Promise<UserRecord> {
    if (!q.uid || q.exp === undefined || !q.sig) throw linkInvalid();
    const verdict = signer.verify(subject(q.uid, q.file_id), q.exp, q.sig, nowS());
    if (verdict === 'expired')
      throw new Forbidden('This download link has expired; download the file again', ERROR_CODES.linkExpired);
    if (verdict === 'invalid') throw linkInvalid();
    const row = await users.byId(q.uid);
    // A link dies with its account: deleted or disabled since it was issued.
    if (!row || row.status === 'disabled') throw linkInvalid();
    return toUserRecord(row);
  }

  return {
    /** Counts one download and answers a signed link to the bytes, valid DOWNLOAD_LINK_TTL_S. */
    async issue(viewer: Viewer, fileId: string): Promise<DownloadResponse> {
      const user = downloader(viewer);
      const file = await readableFile(files, fileId, viewer);
      await count(viewer, user, file);
      const exp = nowS() + DOWNLOAD_LINK_TTL_S;
      const q = new URLSearchParams({
        file_id: file.id,
        uid: user.id,
        exp: String(exp),
        sig: signer.sign(subject(user.id, file.id), exp),
      });
      return {
        download_url: `${deps.publicUrl ?? ''}/api/file/download_stream?${q}`,
        file_name: downloadName(file.file_name),
        size_bytes: file.size_bytes,
        expires_time: new Date(exp * 1000).toISOString(),
      };
    },

    /**
     * The bytes to stream. A signed link was counted by `issue` (its ranges are for its own user,
     * see `linkUser`); a bearer call is a download of its own and counts whenever it serves a
     * byte, whatever the range: only a HEAD and a 416 (no byte sent) are free. The file must
     * still be visible to the user either way.
     */
    async open(
      viewer: Viewer,
      q: StreamQuery,
      req: { range: string | undefined; head: boolean },
    ): Promise<DownloadStream> {
      const viaLink = q.uid !== undefined || q.exp !== undefined || q.sig !== undefined;
      const ranged = !req.head && req.range !== undefined;
      const user = viaLink ? await linkUser(viewer, q, ranged) : downloader(viewer);
      const file = await readableFile(files, q.file_id, { user });
      const size = await sizeOf(file);
      const range = parseByteRange(req.range, size);
      if (!viaLink && !req.head && range.kind !== 'unsatisfiable') await count(viewer, user, file);
      return { file, size, range };
    },

    async history(
      viewer: Viewer,
      req: { page_id: number; page_length: number },
    ): Promise<DownloadHistoryResponse> {
      const user = requireUser(viewer);
      const page = await repo.page(user.id, req.page_length, (req.page_id - 1) * req.page_length);
      return {
        items: page.rows.map((r) => ({
          file_id: r.file_id,
          file_name: r.file_name,
          size_bytes: r.size_bytes,
          downloaded_time: r.created_at,
        })),
        total_items: page.total,
        page_id: req.page_id,
        page_length: req.page_length,
      };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
