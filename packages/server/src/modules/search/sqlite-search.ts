import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ParsedQuery } from './fts-query.js';
import type { FullTextEngine, MatchScope } from './full-text.js';

/**
 * The FTS5 MATCH expression of a query, or null when nothing searchable was typed. Every token is
 * quoted, so FTS5 syntax in the input (quotes, NEAR, column filters, `*`) is taken literally and can
 * never fail the query.
 */
export function toMatchExpression(q: ParsedQuery, scope: MatchScope): string | null {
  if (q.terms.length === 0) return null;
  const expr = q.terms.map((t) => `"${t.tokens.join(' ')}"${t.prefix ? ' *' : ''}`).join(' AND ');
  return scope === 'all' ? expr : `${COLUMNS[scope]} : (${expr})`;
}

/** FTS5 column filters of the narrower scopes. */
const COLUMNS = { title: 'title', head: '{title meta}' } as const;

/**
 * Full text on SQLite: FTS5 tables (rowid = files.seq, unicode61 tokenizer), ranked by bm25().
 * Counts are keyed on SQLite's data_version (bumped by other connections' commits) and this
 * connection's total_changes(): any write anywhere changes the key, so a count is never stale.
 */
export function sqliteFullText(db: Db): FullTextEngine {
  return {
    compile: toMatchExpression,
    matches: (alias, match) => sql`${sql.raw(alias)} MATCH ${match}`,
    // MATCH only filters the table being scanned: a second look is a subquery, run once per query.
    alsoMatches: (table, match) =>
      sql`${sql.raw(table)}.rowid IN (SELECT rowid FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${match})`,
    // title > issuer, authors, tags > body; bm25() is lower for better matches
    score: (alias) => sql`bm25(${sql.raw(alias)}, 10.0, 4.0, 1.0)`,

    async version() {
      const v = await sql<{
        v: number;
        c: number;
      }>`SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c`.execute(db);
      return `${v.rows[0]?.v}:${v.rows[0]?.c}`;
    },

    async replace(table, seq, doc) {
      await this.remove(seq);
      await sql`INSERT INTO ${sql.raw(table)} (rowid, title, meta, body) VALUES (${seq}, ${doc.title}, ${doc.meta}, ${doc.body})`.execute(
        db,
      );
    },

    async remove(seq) {
      await sql`DELETE FROM files_fts WHERE rowid = ${seq}`.execute(db);
      await sql`DELETE FROM private_fts WHERE rowid = ${seq}`.execute(db);
    },
  };
}
