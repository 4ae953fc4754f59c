import type { Viewer } from '../access/viewer.js';
import type { FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { readableFile } from '../files/access.js';
import type { QuotaService } from './service.js';

/**
 * The one check of every call about a report's content or the caller's use of it (detail, chat
 * and its history, summary, translation, star, collections...): a file the caller may see
 * (files/access.ts, else 404 file_not_found) that their plan lets them open (the trial file-age
 * rule, else 403 file_age_blocked, as the file detail answers). Without it a blocked report's
 * conversation, summary or bookmark answered 200 while its detail said no.
 */
export async function openableFile(
  deps: { files: Pick<FilesRepo, 'byId'>; quota: Pick<QuotaService, 'assertMayOpen'> },
  fileId: string,
  viewer: Viewer,
): Promise<FileRow> {
  const file = await readableFile(deps.files, fileId, viewer);
  deps.quota.assertMayOpen(viewer, file);
  return file;
}
