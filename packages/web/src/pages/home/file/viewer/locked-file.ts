import type { FileInfo } from '@rl/contract';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../../api/api-error';
import { fileKeys, filesApi } from '../../../../api/files-api';
import { wallOf, type Wall } from '../../../../api/wall';

/** A report the viewer's plan does not open: its details and summary, and the wall that closes it. */
export interface LockedFile {
  info: FileInfo;
  wall: Wall;
}

const isFileInfo = (value: unknown): value is FileInfo =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileInfo).id === 'string' &&
  typeof (value as FileInfo).meta === 'object' &&
  (value as FileInfo).meta !== null;

/** The locked report a failed detail call carries (the file-age rule's 403), else null. */
export function lockedFileOf(error: unknown): LockedFile | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const info: unknown = error.body?.locked_file;
  return isFileInfo(info) ? { info, wall: wallOf(error) } : null;
}

/**
 * The wall of the report `fileId` when its detail was refused as locked: read from the detail's
 * query (file-viewer.tsx asks it; this never sends a request of its own).
 */
export function useLockedWall(fileId: string): Wall | null {
  const detail = useQuery({
    queryKey: fileKeys.detail(fileId),
    queryFn: ({ signal }) => filesApi.detail(fileId, { signal }),
    enabled: false,
  });
  return lockedFileOf(detail.error)?.wall ?? null;
}
