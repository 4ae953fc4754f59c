import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import type { ParsedQuery, QueryTerm } from './fts-query.js';
import type { FullTextEngine, FullTextTable, MatchScope } from './full-text.js';
import { quoteLexeme, tsvectorLiteral } from './tsvector.js';

/**
 * The tsquery of a query, as tsquery input text, or null when nothing searchable was typed. It is
 * made of the query's tokens as quoted lexemes (nothing the user typed is parsed as tsquery
 * syntax): terms ANDed, a term of several tokens a phrase (`<->`: Chinese words, "S&P"), the last
 * token typed a prefix (`:*`); a narrower scope restricts every lexeme to its weights (title A,
 * metadata B).
 */
export function toTsquery(q: ParsedQuery, scope: MatchScope): string | null {
  if (q.terms.length === 0) return null;
  const weight = WEIGHTS[scope];
  const phrase = (tokens: string[], prefix = false) => {
    const lexemes = tokens.map((token, i) => {
      const label = `${prefix && i === tokens.length - 1 ? '*' : ''}${weight}`;
      return `${quoteLexeme(token)}${label ? `:${label}` : ''}`;
    });
    return lexemes.length > 1 ? `(${lexemes.join(' <-> ')})` : (lexemes[0] ?? '');
  };
  /** A term as typed (its words all present, or its phrase), or one of its equivalents. */
  const term = (t: QueryTerm): string => {
    const typed = t.words ? `(${t.words.map(term).join(' & ')})` : phrase(t.tokens, t.prefix);
    if (!t.equivalents?.length) return typed;
    return `(${[typed, ...t.equivalents.map((e) => phrase(e))].join(' | ')})`;
  };
  return q.terms.map(term).join(' & ');
}

/** The weights of each scope's fields: title A, metadata B (tsvector.ts). */
const WEIGHTS = { all: '', head: 'AB', title: 'A' } as const;

/** ts_rank weights {D, C, B, A}: body 1, metadata 4, title 10, like the bm25() of SQLite. */
const RANK_WEIGHTS = '{0, 0.1, 0.4, 1}';
/** ts_rank normalisation 0: no length discount (a long report that mentions a word often ranks up). */
const RANK_NORMALISATION = 0;

/**
 * Full text on PostgreSQL: plain tables (rowid = files.seq, the printed title, meta and body, tsv)
 * with a GIN index on tsv, a tsvector the application builds from the folded text's tokens
 * (tsvector.ts) with the title at weight A, metadata B and body C. Every index write bumps the
 * search generation (search-generation.ts) in the same statement.
 */
export function postgresFullText(db: Db): FullTextEngine {
  const other = (table: FullTextTable) => sql.raw(table === 'files_fts' ? 'private_fts' : 'files_fts');
  /**
   * Index writes take one lock first: the champion lists' shared counters (impact_terms) are
   * updated in each document's own term order, so two writers could otherwise deadlock; the
   * generation row serialises them anyway.
   */
  const lock = () => lockForTransaction(db, 'search-index');

  return {
    compile: toTsquery,
    excluding: (match, excluded) => `(${match}) & !(${excluded})`,
    matches: (alias, match) => sql`${sql.raw(alias)}.tsv @@ ${match}::tsquery`,
    alsoMatches: (table, match) => sql`${sql.raw(table)}.tsv @@ ${match}::tsquery`,
    score: (alias, match) =>
      sql`ts_rank(${RANK_WEIGHTS}::float4[], ${sql.raw(alias)}.tsv, ${match}::tsquery, ${sql.lit(RANK_NORMALISATION)}) DESC`,

    texts: (table) => table,

    async replace(table, seq, { printed, folded }) {
      await lock();
      await sql`WITH gone AS (DELETE FROM ${other(table)} WHERE rowid = ${seq}),
          bump AS (UPDATE search_generation SET n = n + 1 WHERE id = 1)
        INSERT INTO ${sql.raw(table)} (rowid, title, meta, body, tsv)
        VALUES (${seq}, ${printed.title}, ${printed.meta}, ${printed.body}, ${tsvectorLiteral(folded)}::tsvector)
        ON CONFLICT (rowid) DO UPDATE SET title = excluded.title, meta = excluded.meta,
          body = excluded.body, tsv = excluded.tsv`.execute(db);
    },

    async remove(seq) {
      await lock();
      // The counter moves only when something left: unindexing a file that was never in is common.
      await sql`WITH a AS (DELETE FROM files_fts WHERE rowid = ${seq} RETURNING rowid),
          b AS (DELETE FROM private_fts WHERE rowid = ${seq} RETURNING rowid)
        UPDATE search_generation SET n = n + 1
        WHERE id = 1 AND EXISTS (SELECT 1 FROM a UNION ALL SELECT 1 FROM b)`.execute(db);
    },
  };
}
