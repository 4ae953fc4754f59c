import { sql } from 'kysely';
import type { IssuerItem } from '@rl/contract';
import type { Db } from '../../db/database.js';
import { containingPattern, likeIgnoringCase, prefixPattern } from '../../db/like.js';
import { filesWhere } from '../files/visibility.js';

/** Issuers and tags of the readable library, with how many files each has. */
export function createIssuersRepo(db: Db) {
  const readable = filesWhere().inLibrary;
  return {
    async issuers(opts: {
      contains?: string;
      orderBy: 'name' | 'popularity';
      limit: number;
    }): Promise<IssuerItem[]> {
      const contains = opts.contains
        ? sql`AND ${likeIgnoringCase(sql.ref('f.issuer'), containingPattern(opts.contains))}`
        : sql``;
      const order =
        opts.orderBy === 'name'
          ? sql`lower(f.issuer), f.issuer`
          : sql`sum(f.views + 5 * f.stars) DESC, count(*) DESC`;
      const r = await sql<IssuerItem>`SELECT f.issuer AS name, count(*) AS file_count FROM files f
        WHERE ${readable} AND f.issuer != '' ${contains} GROUP BY f.issuer ORDER BY ${order} LIMIT ${opts.limit}`.execute(
        db,
      );
      return r.rows;
    },
    async tags(prefix: string, limit: number): Promise<{ tag: string; file_count: number }[]> {
      const r = await sql<{ tag: string; file_count: number }>`SELECT t.tag, count(*) AS file_count
        FROM file_tags t JOIN files f ON f.seq = t.file_seq
        WHERE ${readable} AND ${likeIgnoringCase(sql.ref('t.tag'), prefixPattern(prefix))}
        GROUP BY t.tag ORDER BY file_count DESC, t.tag LIMIT ${limit}`.execute(db);
      return r.rows;
    },
  };
}
export type IssuersRepo = ReturnType<typeof createIssuersRepo>;
