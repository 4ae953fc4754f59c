import type { RawBuilder } from 'kysely';
import type { ParsedQuery } from './fts-query.js';

/** The two full-text tables: the library's ready public files, and users' ready private uploads. */
export type FullTextTable = 'files_fts' | 'private_fts';

/** Where a query is looked for: every field, the title and metadata (issuer, authors, tags), or the title. */
export type MatchScope = 'all' | 'head' | 'title';

export interface IndexedText {
  title: string;
  meta: string;
  body: string;
}

/** A file's entry: the text as printed, shown in excerpts, and the same text folded, indexed. */
export interface FullTextEntry {
  printed: IndexedText;
  folded: IndexedText;
}

/**
 * What the search needs from the database's full-text engine: everything else (query parsing,
 * champion lists, filters, paging, the private-uploads merge, snippets) is portable SQL and
 * TypeScript in repo.ts. One implementation per dialect (sqlite-search.ts: FTS5;
 * postgres-search.ts: tsvector), chosen once when the repo is created.
 *
 * Both tables have `rowid` = files.seq in either dialect; the printed title, meta and body are
 * read from `texts(table)`. SQL fragments name a full-text table by the alias it has in the query
 * (`files_fts`, `private_fts`, or another alias of the same table).
 */
export interface FullTextEngine {
  /**
   * The query as this engine's match expression (bound as one parameter), searching the fields of
   * `scope`; null: nothing to search.
   */
  compile(q: ParsedQuery, scope: MatchScope): string | null;
  /** A match expression for what `match` matches and `excluded` does not (same scope). */
  excluding(match: string, excluded: string): string;
  /** Condition: the row of the full-text table aliased `alias` matches `match` (in WHERE). */
  matches(alias: string, match: string): RawBuilder<unknown>;
  /**
   * Condition usable anywhere (ORDER BY too) while the query is ranking `table`, under its own
   * name: the row also matches `match`.
   */
  alsoMatches(table: FullTextTable, match: string): RawBuilder<unknown>;
  /** ORDER BY term putting the higher score first (title 10 : metadata 4 : body 1). */
  score(alias: string, match: string): RawBuilder<unknown>;
  /** The table holding the printed title, meta and body of `table`'s entries (rowid = files.seq). */
  texts(table: FullTextTable): string;
  /** Puts a file's entry into `table`, taking it out of both tables first. */
  replace(table: FullTextTable, seq: number, entry: FullTextEntry): Promise<void>;
  /** Takes a file out of both tables. */
  remove(seq: number): Promise<void>;
}
