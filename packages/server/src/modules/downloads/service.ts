import { ERROR_CODES, type DownloadHistoryResponse, type DownloadResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { isOwner } from '../files/access.js';
import { parseByteRange, type RangeResult } from '../files/byte-range.js';
import type { FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/access.js';
import type { QuotaService } from '../quota/service.js';
import { toUserRecord } from '../users/model.js';
import type { UserRecord } from '../access/user-record.js';
import type { UsersRepo } from '../users/repo.js';
import { downloadName } from './content-disposition.js';
import { createDownloadLinks, linkInvalid, type StreamQuery } from './download-links.js';
import { presentDownload } from './presenter.js';
import type { DownloadsRepo } from './repo.js';

/** What GET /api/file/download_stream serves. */
export interface DownloadStream {
  file: FileRow;
  size: number;
  range: RangeResult;
}

const notYours = () => new AppError(ERROR_CODES.linkNotYours, msg('downloadLinkNotYours'));

/**
 * Downloads (paid plan): each counted download spends the daily and monthly quota and leaves a
 * row in the history. A user's own uploads are recorded but not counted, as when opening them.
 */
export function createDownloadsService(deps: {
  repo: DownloadsRepo;
  files: Pick<FilesRepo, 'byId'>;
  users: Pick<UsersRepo, 'byId'>;
  quota: Pick<QuotaService, 'requirePlan' | 'consume'>;
  storage: Pick<FileStorage, 'size'>;
  signer: UrlSigner;
  clock: Clock;
  publicUrl: string | null;
}) {
  const { repo, files, users, quota, storage, clock } = deps;
  const links = createDownloadLinks('download', deps);

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
    const row = await users.byId(links.signedFor(q));
    // A link dies with its account: deleted or disabled since it was issued.
    if (!row || row.status === 'disabled') throw linkInvalid();
    return toUserRecord(row);
  }

  return {
    /** Counts one download and answers a signed link to the bytes, valid DOWNLOAD_LINK_TTL_S. */
    async issue(viewer: Viewer, fileId: string): Promise<DownloadResponse> {
      const user = quota.requirePlan(viewer, 'downloads');
      const file = await readableFile(files, fileId, viewer);
      await count(viewer, user, file);
      const link = links.issue(user.id, file.id);
      return {
        download_url: link.download_url,
        file_name: downloadName(file),
        size_bytes: file.size_bytes,
        expires_time: link.expires_time,
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
      // A signed link is for the user it was issued to; a bearer call is a download of its own.
      const user = viaLink ? await linkUser(viewer, q, ranged) : quota.requirePlan(viewer, 'downloads');
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
      const { rows, total } = await repo.page(user.id, pageWindow(req));
      return { items: rows.map(presentDownload), ...pagingAnswer(req, total) };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
