import { ERROR_CODES, TRANSLATION_LANG, type FileDetailResponse } from '@rl/contract';
import { Forbidden, NotFound } from '../../http/errors.js';
import type { Viewer } from '../../http/viewer.js';
import type { QuotaService } from '../quota/service.js';
import type { StarsRepo } from '../stars/repo.js';
import { translatedUrl, translationStatus } from '../translation/present.js';
import type { TranslationsRepo } from '../translation/repo.js';
import { canSee, isOwner, permissionsOf } from './access.js';
import type { FileUrls, LinkScope, LinkViewer } from './file-urls.js';
import { presentFileInfo, type FileRow } from './presenter.js';
import type { FilesRepo } from './repo.js';

const FILE_NOT_FOUND = 'File not found';

/** The 404 of a file that does not exist or that the caller may not see (never tells which). */
export const fileNotFound = () => new NotFound(FILE_NOT_FOUND, ERROR_CODES.fileNotFound);

/** A file the caller may see (access.ts), or 404 file_not_found. Every call naming a file uses it. */
export async function readableFile(
  repo: Pick<FilesRepo, 'byId'>,
  id: string,
  viewer: Pick<Viewer, 'user'>,
): Promise<FileRow> {
  const row = await repo.byId(id);
  if (!row || !canSee(row, viewer)) throw fileNotFound();
  return row;
}

/** Reading files: details, views and access to the stored PDF. */
export function createFilesService(deps: {
  repo: FilesRepo;
  urls: FileUrls;
  quota: QuotaService;
  stars: Pick<StarsRepo, 'isStarred'>;
  /** Files' translations (issue 6): their status in the detail, their PDF behind a signed URL. */
  translations?: Pick<TranslationsRepo, 'get'>;
}) {
  const { repo, urls, quota, stars, translations } = deps;
  const readable = (id: string, viewer: Pick<Viewer, 'user'>) => readableFile(repo, id, viewer);

  /**
   * The plan's rules for opening a report: the trial file-age rule and the report quota. A
   * user's own uploads are theirs to open freely.
   */
  async function assertMayOpen(row: FileRow, viewer: Viewer, count: boolean): Promise<void> {
    quota.assertMayOpen(viewer, row);
    if (count && !isOwner(row, viewer)) await quota.consume(viewer, 'report', row.id);
  }

  return {
    /**
     * The detail, with a signed URL of the PDF: only for a report the viewer's plan may open (the
     * trial file-age rule), and counted against the report quota once per file per month.
     */
    async detail(id: string, viewer: Viewer): Promise<FileDetailResponse> {
      const row = await readable(id, viewer);
      await assertMayOpen(row, viewer, true);
      const translation = await translations?.get(row.seq, TRANSLATION_LANG);
      return {
        file_info: presentFileInfo(row, {
          fileUrl: urls.url(row.id, row.visibility === 'public' ? 'public' : 'owner', viewer),
          permission: permissionsOf(row, viewer, quota.planOf(viewer)),
          translation: {
            status: translationStatus(translation).status,
            url: translatedUrl(urls, row, translation, viewer),
          },
        }),
        starred: viewer.user ? await stars.isStarred(viewer.user.id, row.seq) : false,
      };
    },

    async view(id: string, viewer: Viewer): Promise<number> {
      const row = await readable(id, viewer);
      await assertMayOpen(row, viewer, false);
      const views = await repo.addView(id);
      if (views === undefined) throw fileNotFound();
      return views;
    },

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
      const scopes: LinkScope[] = row?.visibility === 'private' ? ['owner'] : ['public', 'owner'];
      const verdict = urls.check(id, q, scopes, viewer);
      if (verdict === 'expired')
        throw new Forbidden('This link has expired; reopen the file', ERROR_CODES.linkExpired);
      if (verdict === 'invalid')
        throw new Forbidden(
          'This link is not valid, or was issued to another session or device; reopen the file',
          ERROR_CODES.linkInvalid,
        );
      if (!row || row.status !== 'ready' || row.taken_down_at !== null) throw fileNotFound();
      if (q.v === 'original') return { file: row, sha256: row.sha256 };
      const translated = q.v === TRANSLATION_LANG ? await translations?.get(row.seq, q.v) : undefined;
      if (translated?.status !== 'finish' || !translated.blob_sha256) throw fileNotFound();
      return { file: row, sha256: translated.blob_sha256 };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
