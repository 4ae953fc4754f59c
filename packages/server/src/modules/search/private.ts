import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ParsedQuery } from './fts-query.js';
import type { FullTextEngine } from './full-text.js';
import { bestFirst } from './relevance.js';
import { filesWhere } from '../files/visibility.js';

/**
 * A user's own ready private uploads in search. Their text lives in private_fts (rowid =
 * files.seq), apart from the library's files_fts, and they never enter the champion lists.
 * Every query starts from the owner's rows of `files` (at most the plan's upload count) and looks
 * each one up in private_fts, so its cost does not grow with other users' uploads.
 */

const ownSql = (ownerId: string) => filesWhere().ownPrivate(ownerId);

export function createPrivateSearch(db: Db, engine: FullTextEngine) {
  /** FROM and WHERE over `files f` (and private_fts when there is a keyword). */
  function fromWhere(ownerId: string, match: string | null, where: RawBuilder<unknown> | null) {
    const filter = where ? sql` AND ${where}` : sql``;
    return match === null
      ? sql`FROM files f WHERE ${ownSql(ownerId)}${filter}`
      : sql`FROM files f CROSS JOIN private_fts
        WHERE ${ownSql(ownerId)} AND private_fts.rowid = f.seq AND ${engine.matches('private_fts', match)}${filter}`;
  }

  return {
    /**
     * The one check the library path pays for a logged-in viewer, any ready private upload, as SQL:
     * it is read with the search generation in one statement.
     */
    hasSql: (ownerId: string): RawBuilder<unknown> =>
      sql`EXISTS (SELECT 1 FROM files f WHERE ${ownSql(ownerId)})`,
    /** Rows of a date-sorted compound select: seq, publish_date, mine = 1. */
    arm(ownerId: string, match: string | null, where: RawBuilder<unknown> | null): RawBuilder<unknown> {
      return sql`SELECT f.seq AS seq, f.publish_date AS publish_date, 1 AS mine ${fromWhere(ownerId, match, where)}`;
    },
    /** Exact count; never cached, so no user's count can reach another. */
    async count(ownerId: string, match: string | null, where: RawBuilder<unknown> | null): Promise<number> {
      const r = await sql<{ n: number }>`SELECT count(*) AS n ${fromWhere(ownerId, match, where)}`.execute(
        db,
      );
      return Number(r.rows[0]?.n ?? 0);
    },
    /** Every match, best first (the library's order of relevance, relevance.ts). */
    async ranked(
      ownerId: string,
      q: ParsedQuery,
      match: string,
      where: RawBuilder<unknown> | null,
    ): Promise<number[]> {
      const r = await sql<{ seq: number }>`SELECT f.seq AS seq ${fromWhere(ownerId, match, where)}
        ORDER BY ${bestFirst(engine, 'private_fts', q, match)}`.execute(db);
      return r.rows.map((x) => x.seq);
    },
  };
}
