import type { FileListItem } from '@rl/contract';
import type { FilesTable } from '../../db/schema.js';
import { presentListItem } from '../files/presenter.js';
import { columnsOfF, type ListRow } from '../files/list-columns.js';
import { isOwnPrivateUpload } from '../files/access.js';

/** A file as the lists of my library read it (stars, collections): a list row and who owns it. */
export type LibraryRow = ListRow & Pick<FilesTable, 'owner_id' | 'visibility'>;

/** The columns of a LibraryRow over `files f`. */
export const LIBRARY_COLUMNS = columnsOfF(['owner_id', 'visibility']);

/** A list item without a snippet; `mine` marks the caller's own private upload. */
export function presentLibraryItem(r: LibraryRow, userId: string): FileListItem {
  const item = presentListItem(r, '');
  return isOwnPrivateUpload(r, userId) ? { ...item, mine: true } : item;
}
