import { metaFromColumns } from '../files/meta-columns.js';
import { searchDocument } from './search-document.js';
import type { FileRow } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import type { SearchRepo } from './repo.js';
import { searchIndexOf } from '../files/access.js';
import { isIndexable } from '../files/visibility.js';

/**
 * Rewrites a file's search entry from its row and stored pages: a ready file that is not taken
 * down goes into the index of its visibility (files_fts and the champion lists, or private_fts);
 * any other file stays out of both. Call it with the repos of the transaction that changed the row.
 */
export async function reindexFile(
  tx: { search: Pick<SearchRepo, 'index' | 'unindex'>; files: Pick<FilesRepo, 'pages'> },
  row: Pick<FileRow, 'seq' | 'status' | 'taken_down_at' | 'visibility'> &
    Parameters<typeof metaFromColumns>[0],
): Promise<void> {
  if (!isIndexable(row)) return tx.search.unindex(row.seq);
  const doc = searchDocument(metaFromColumns(row), await tx.files.pages(row.seq));
  await tx.search.index(row.seq, doc, searchIndexOf(row));
}
