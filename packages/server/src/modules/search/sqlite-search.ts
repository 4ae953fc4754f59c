import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ParsedQuery, QueryTerm } from './fts-query.js';
import type { FullTextEngine, FullTextTable, MatchScope } from './full-text.js';
import { bumpGeneration } from './search-generation.js';

/**
 * The FTS5 MATCH expression of a query, or null when nothing searchable was typed. Every token is
 * quoted, so FTS5 syntax in the input (quotes, NEAR, column filters, `*`) is taken literally and can
 * never fail the query.
 */
export function toMatchExpression(q: ParsedQuery, scope: MatchScope): string | null {
  if (q.terms.length === 0) return null;
  const expr = q.terms.map(termExpression).join(' AND ');
  return scope === 'all' ? expr : `${COLUMNS[scope]} : (${expr})`;
}

const phrase = (tokens: string[], prefix = false) => `"${tokens.join(' ')}"${prefix ? ' *' : ''}`;

/** A term as typed (its words all present, or its phrase), or one of its equivalents. */
function termExpression(t: QueryTerm): string {
  const typed = t.words ? `(${t.words.map(termExpression).join(' AND ')})` : phrase(t.tokens, t.prefix);
  if (!t.equivalents?.length) return typed;
  return `(${[typed, ...t.equivalents.map((e) => phrase(e))].join(' OR ')})`;
}

/** Matches of `match` that `excluded` does not match (both compiled for the same scope). */
export const matchExcluding = (match: string, excluded: string) => `(${match}) NOT (${excluded})`;

/** FTS5 column filters of the narrower scopes. */
const COLUMNS = { title: 'title', head: '{title meta}' } as const;

/**
 * Full text on SQLite: contentless FTS5 tables (rowid = files.seq, unicode61 tokenizer) indexing
 * the folded text, ranked by bm25(), each with a plain table of the printed text (`<table>_text`).
 * Every write to them bumps the search generation (search-generation.ts) in the same transaction.
 */
export function sqliteFullText(db: Db): FullTextEngine {
  const texts = (table: FullTextTable) => `${table}_text`;

  /** Deletes a file's entry from both tables; answers whether there was one. */
  async function deleteEverywhere(seq: number): Promise<boolean> {
    let removed = 0n;
    for (const table of ['files_fts', 'private_fts'] as const) {
      await sql`DELETE FROM ${sql.raw(table)} WHERE rowid = ${seq}`.execute(db);
      removed +=
        (await sql`DELETE FROM ${sql.raw(texts(table))} WHERE rowid = ${seq}`.execute(db)).numAffectedRows ??
        0n;
    }
    return removed > 0n;
  }

  return {
    compile: toMatchExpression,
    excluding: matchExcluding,
    matches: (alias, match) => sql`${sql.raw(alias)} MATCH ${match}`,
    // MATCH only filters the table being scanned: a second look is a subquery, run once per query.
    alsoMatches: (table, match) =>
      sql`${sql.raw(table)}.rowid IN (SELECT rowid FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${match})`,
    // title > issuer, authors, tags > body; bm25() is lower for better matches
    score: (alias) => sql`bm25(${sql.raw(alias)}, 10.0, 4.0, 1.0)`,

    texts,

    async replace(table, seq, { printed, folded }) {
      await deleteEverywhere(seq);
      await bumpGeneration(db);
      await sql`INSERT INTO ${sql.raw(table)} (rowid, title, meta, body)
        VALUES (${seq}, ${folded.title}, ${folded.meta}, ${folded.body})`.execute(db);
      await sql`INSERT INTO ${sql.raw(texts(table))} (rowid, title, meta, body)
        VALUES (${seq}, ${printed.title}, ${printed.meta}, ${printed.body})`.execute(db);
    },

    async remove(seq) {
      // The generation moves only when something left: unindexing a file that was never in is common.
      if (await deleteEverywhere(seq)) await bumpGeneration(db);
    },
  };
}
