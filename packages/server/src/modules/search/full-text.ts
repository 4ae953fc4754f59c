import type { RawBuilder } from 'kysely';
import type { ParsedQuery } from './fts-query.js';

/** The two full-text tables: the library's ready public files, and users' ready private uploads. */
export type FullTextTable = 'files_fts' | 'private_fts';

export interface IndexedText {
  title: string;
  meta: string;
  body: string;
}

/**
 * What the search needs from the database's full-text engine: everything else (query parsing,
 * champion lists, filters, paging, the private-uploads merge, snippets) is portable SQL and
 * TypeScript in repo.ts. One implementation per dialect (sqlite-search.ts: FTS5;
 * postgres-search.ts: tsvector), chosen once when the repo is created.
 *
 * Both tables have `rowid` = files.seq and the columns title, meta and body in either dialect.
 * SQL fragments name a full-text table by the alias it has in the query (`files_fts`,
 * `private_fts`, or another alias of the same table).
 */
export interface FullTextEngine {
  /** The query as this engine's match expression (bound as one parameter); null: nothing to search. */
  compile(q: ParsedQuery, opts: { titleOnly: boolean }): string | null;
  /** Condition: the row of the full-text table aliased `alias` matches `match`. */
  matches(alias: string, match: string): RawBuilder<unknown>;
  /** ORDER BY terms putting the best match first (title 10 : metadata 4 : body 1). */
  bestFirst(alias: string, match: string): RawBuilder<unknown>;
  /**
   * A token that changes whenever a count over the index or the searchable files may change:
   * counts are cached per token. Read before the count it keys.
   */
  version(): Promise<string>;
  /** Puts a file's text into `table`, taking it out of both tables first. */
  replace(table: FullTextTable, seq: number, doc: IndexedText): Promise<void>;
  /** Takes a file out of both tables. */
  remove(seq: number): Promise<void>;
}
