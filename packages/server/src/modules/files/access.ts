import { ERROR_CODES, type FilePermission, type Plan } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Viewer } from '../access/viewer.js';
import type { FileRow } from './presenter.js';
import type { FilesRepo } from './repo.js';
import { canSee } from './visibility.js';

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
