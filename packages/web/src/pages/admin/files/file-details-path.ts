import { ADMIN_PATHS } from '../admin-paths';

/** URL parameter of the files page naming the file whose details are open. */
export const FILE_DETAILS_PARAM = 'details';

/** The files page with a file's details open (links from other console pages). */
export function fileDetailsPath(fileId: string): string {
  return `${ADMIN_PATHS.files}?${FILE_DETAILS_PARAM}=${encodeURIComponent(fileId)}`;
}
