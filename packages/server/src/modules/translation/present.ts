import type { TranslateStatus } from '@rl/contract';
import type { FileUrls, LinkViewer } from '../files/file-urls.js';
import type { FileRow } from '../files/presenter.js';
import type { TranslationRow } from './repo.js';
import { linkScopeOf } from '../files/access.js';

/** What a file's translation row says to the web (no row: not started). */
export function translationStatus(row: TranslationRow | undefined): {
  status: TranslateStatus;
  progress: number;
} {
  if (!row) return { status: 'not_started', progress: 0 };
  return { status: row.status, progress: row.status === 'finish' ? 1 : row.progress };
}

/** Signed URL of a finished translation's PDF, for the viewer asking (bound to them, file-urls.ts). */
export function translatedUrl(
  urls: FileUrls,
  file: Pick<FileRow, 'id' | 'visibility'>,
  row: TranslationRow | undefined,
  viewer: LinkViewer,
): string | null {
  if (row?.status !== 'finish' || !row.blob_sha256) return null;
  return urls.url(file.id, linkScopeOf(file), viewer, row.lang);
}
