import { reindexFile } from '../../modules/search/reindex.js';
import { eachAtOnce } from './each-at-once.js';
import type { CopyTarget } from './target.js';

/**
 * Files per transaction. Each file's entry updates the champion lists' shared per-term counters
 * (impact_terms): in one transaction for a whole library a common term's row would pile up a
 * version per file, each update slower than the last; committed batches let them be pruned.
 */
const BATCH = 100;
/**
 * Files indexed at once within a batch. Their statements share the batch's connection and run in
 * turn, but while the database writes one file's entry the next file's text is segmented here.
 */
const AT_ONCE = 4;

/**
 * Writes the search entry of every ready, not taken-down file on the target from its row and
 * stored pages, the way ingestion does (reindexFile). Answers how many files were indexed.
 */
export async function rebuildSearchIndex(
  target: Pick<CopyTarget, 'indexable' | 'pagesOf' | 'indexing'>,
  progress: (indexed: number) => void = () => undefined,
): Promise<number> {
  let indexed = 0;
  let after = 0;
  for (;;) {
    const rows = await target.indexable(after, BATCH);
    if (rows.length === 0) return indexed;
    const pages = await target.pagesOf(rows.map((r) => r.seq));
    const files = { pages: async (seq: number) => pages.get(seq) ?? [] };
    await target.indexing((search) =>
      eachAtOnce(rows, AT_ONCE, (row) => reindexFile({ search, files }, row)),
    );
    indexed += rows.length;
    after = rows[rows.length - 1]?.seq ?? after;
    progress(indexed);
  }
}
