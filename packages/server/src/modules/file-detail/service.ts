import { ERROR_CODES, TRANSLATION_LANG, type FileDetailResponse } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import { openableFile } from '../quota/openable-file.js';
import type { QuotaService } from '../quota/service.js';
import type { StarsRepo } from '../stars/repo.js';
import { today, type Clock } from '../../platform/clock.js';
import { translatedUrl, translationStatus } from '../translation/present.js';
import type { TranslationsRepo } from '../translation/repo.js';
import {
  fileNotFound,
  isOwner,
  isServable,
  linkScopeOf,
  linkScopesOpening,
  permissionsOf,
} from '../files/access.js';
import type { FileUrls, LinkViewer } from '../files/file-urls.js';
import { presentFileInfo, type FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { viewKey } from './view-key.js';

/** Reading files: details, views and access to the stored PDF. */
export function createFileDetailService(deps: {
  repo: FilesRepo;
  urls: FileUrls;
  quota: QuotaService;
  stars: Pick<StarsRepo, 'isStarred'>;
  /** The day a view is counted on (UTC). */
  clock: Clock;
  /** Files' translations (issue 6): their status in the detail, their PDF behind a signed URL. */
  translations?: Pick<TranslationsRepo, 'get'>;
}) {
  const { repo, urls, quota, stars, translations, clock } = deps;
  const openable = (id: string, viewer: Viewer) => openableFile({ files: repo, quota }, id, viewer);

  return {
    /**
     * The detail, with a signed URL of the PDF: only for a report the viewer's plan may open (the
     * trial file-age rule), and counted against the report quota once per file per month.
     */
    async detail(id: string, viewer: Viewer): Promise<FileDetailResponse> {
      const row = await openable(id, viewer);
      // A user's own uploads are theirs to open freely.
      if (!isOwner(row, viewer)) await quota.consume(viewer, 'report', row.id);
      const translation = await translations?.get(row.seq, TRANSLATION_LANG);
      return {
        file_info: presentFileInfo(row, {
          fileUrl: urls.url(row.id, linkScopeOf(row), viewer),
          permission: permissionsOf(row, viewer, quota.planOf(viewer)),
          translation: {
            status: translationStatus(translation).status,
            url: translatedUrl(urls, row, translation, viewer),
          },
        }),
        starred: viewer.user ? await stars.isStarred(viewer.user.id, row.seq) : false,
      };
    },

    /**
     * Records that the viewer opened the report: counted once per viewer (user, else browser,
     * else address), report and day (UTC), so opening it again that day adds no view.
     */
    async view(id: string, viewer: Viewer): Promise<number> {
      const row = await openable(id, viewer);
      const views = await repo.addView(row.seq, viewKey(viewer), today(clock));
      if (views === undefined) throw fileNotFound();
      return views;
    },

    /** Forgets who viewed reports on past days (hourly chore): a new day counts anew anyway. */
    forgetPastViews: (): Promise<void> => repo.forgetViewDaysBefore(today(clock)),

    /**
     * The stored bytes behind a signed URL, if the signature holds for the viewer asking (the
     * session or the visitor it was issued to, file-urls.ts) and the file is still there for
     * them: not taken down, not deleted, and a link given to anyone while the file was public no
     * longer opens it once it is private (only its owner's does). The variant is the original,
     * or a finished translation ('zh-hans'): answers its bytes' sha256.
     */
    async streamable(
      id: string,
      q: { v: string; exp: number; sig: string },
      viewer: LinkViewer,
    ): Promise<{ file: FileRow; sha256: string }> {
      const row = await repo.byId(id);
      const verdict = urls.check(id, q, linkScopesOpening(row), viewer);
      if (verdict === 'expired') throw new AppError(ERROR_CODES.linkExpired, msg('linkExpiredReopen'));
      if (verdict === 'invalid') throw new AppError(ERROR_CODES.linkInvalid, msg('linkInvalidReopen'));
      if (!row || !isServable(row)) throw fileNotFound();
      if (q.v === 'original') return { file: row, sha256: row.sha256 };
      const translated = q.v === TRANSLATION_LANG ? await translations?.get(row.seq, q.v) : undefined;
      if (translated?.status !== 'finish' || !translated.blob_sha256) throw fileNotFound();
      return { file: row, sha256: translated.blob_sha256 };
    },
  };
}
export type FileDetailService = ReturnType<typeof createFileDetailService>;
