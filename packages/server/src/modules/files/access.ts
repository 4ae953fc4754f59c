import { ERROR_CODES, type FilePermission, type Plan } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import type { LinkScope } from './file-urls.js';
import type { FileRow } from './presenter.js';
import type { FilesRepo } from './repo.js';
import { canSee, isInLibrary, isIndexable, isPublic } from './visibility.js';

type AccessFields = Pick<FileRow, 'status' | 'visibility' | 'owner_id' | 'taken_down_at'>;

/** The caller uploaded this file. */
export const isOwner = (file: Pick<FileRow, 'owner_id'>, viewer: Pick<Viewer, 'user'>): boolean =>
  viewer.user !== null && file.owner_id !== null && file.owner_id === viewer.user.id;

/** The 404 of a file that does not exist or that the caller may not see (never tells which). */
export const fileNotFound = () => new AppError(ERROR_CODES.fileNotFound, msg('fileNotFound'));

/** The guard of every call naming a file: one the caller may see (visibility.ts), else 404 file_not_found. */
export async function readableFile(
  repo: Pick<FilesRepo, 'byId'>,
  id: string,
  viewer: Pick<Viewer, 'user'>,
): Promise<FileRow> {
  const row = await repo.byId(id);
  if (!row || !canSee(row, viewer.user?.id ?? null)) throw fileNotFound();
  return row;
}

/** What a viewer on `plan` may do with a file they can see (FileInfo.permission). */
export function permissionsOf(
  file: AccessFields,
  viewer: Pick<Viewer, 'user'>,
  plan: Plan,
): FilePermission[] {
  const out: FilePermission[] = ['read'];
  if (!viewer.user) return out;
  out.push('star');
  if (plan.collections) out.push('collect');
  if (plan.limits.download.count !== 0) out.push('download');
  if (isOwner(file, viewer)) {
    out.push('delete');
    if (plan.publishing) out.push('publish');
  }
  return out;
}

/** The scope of a signed link to a file: anyone's while it is public, else its owner's alone. */
export const linkScopeOf = (file: Pick<FileRow, 'visibility'>): LinkScope =>
  isPublic(file) ? 'public' : 'owner';

/**
 * The scopes of signed links that still open the file (`undefined`: not found, whatever the link).
 * A link given to anyone while it was public no longer opens it once private; its owner's does.
 */
export const linkScopesOpening = (file: Pick<FileRow, 'visibility'> | undefined): LinkScope[] =>
  file && !isPublic(file) ? ['owner'] : ['public', 'owner'];

/** Its bytes may be served at all: read, not taken down (a link's scope decides for whom). */
export const isServable = (file: Pick<FileRow, 'status' | 'taken_down_at'>): boolean => isIndexable(file);

/** The caller's own private upload, marked as theirs in the lists of their library. */
export const isOwnPrivateUpload = (file: Pick<FileRow, 'visibility' | 'owner_id'>, userId: string): boolean =>
  !isPublic(file) && file.owner_id === userId;

/** Which search index a readable file's text goes to: the library's, or its owner's alone. */
export const searchIndexOf = (file: Pick<FileRow, 'visibility'>): 'library' | 'private' =>
  isPublic(file) ? 'library' : 'private';

/** An edit that makes a private upload public: the library must not already hold its content. */
export const becomesPublic = (
  before: Pick<FileRow, 'visibility'>,
  after: Pick<FileRow, 'visibility'>,
): boolean => isPublic(after) && !isPublic(before);

export { isInLibrary };
