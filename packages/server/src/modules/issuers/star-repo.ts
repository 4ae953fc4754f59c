import type { IssuerItem } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containingPattern, likeIgnoringCase } from '../../db/like.js';
import { filesWhere } from '../files/visibility.js';

/**
 * The issuers a user follows, as the issuer lists show them ('My favourites'): issuer stars are
 * follows of kind 'issuer' (the follows module writes them), each listed under its label, which is
 * the issuer's name as it was followed.
 */
export function createIssuerStarsRepo(db: Db) {
  return {
    /** My followed issuers by name, each with how many files I can read (0 if none). */
    async list(userId: string, contains?: string): Promise<IssuerItem[]> {
      const filter = contains
        ? sql`AND ${likeIgnoringCase(sql.ref('s.label'), containingPattern(contains))}`
        : sql``;
      const r = await sql<IssuerItem>`SELECT s.label AS name,
          (SELECT count(*) FROM files f WHERE f.issuer = s.label AND ${filesWhere().readableBy(userId)}) AS file_count
        FROM follows s WHERE s.user_id = ${userId} AND s.kind = 'issuer' ${filter}
        ORDER BY lower(s.label), s.label`.execute(db);
      return r.rows;
    },
  };
}
export type IssuerStarsRepo = ReturnType<typeof createIssuerStarsRepo>;
