import { PATHS } from '../../../router/route-meta';
import { PARAM } from '../../../stores/search-criteria';

/** The search page with a report open. */
export function openFilePath(fileId: string): string {
  return `${PATHS.file}?${new URLSearchParams({ [PARAM.file]: fileId }).toString()}`;
}
