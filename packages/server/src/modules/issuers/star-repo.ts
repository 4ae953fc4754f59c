import type { IssuerItem } from '@rl/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import { containingPattern, likeIgnoringCase } from '../../db/like.js';
import { atomic } from '../../db/unit-of-work.js';
import { filesWhere } from '../files/visibility.js';

/** Issuers a user starred, by name. */
export function createIssuerStarsRepo(db: Db) {
  return {
    /**
     * Stars an issuer unless the user already holds `max` stars: 'full' then. Starring an issuer
     * already starred is 'present', even at the limit. A user's stars take turns, so two at once
     * cannot both pass the count.
     */
    async add(
      userId: string,
      issuer: string,
      now: string,
      max: number,
    ): Promise<'added' | 'present' | 'full'> {
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, `issuer_stars:${userId}`);
        const held = await trx
          .selectFrom('issuer_stars')
          .select('issuer')
          .where('user_id', '=', userId)
          .where('issuer', '=', issuer)
          .executeTakeFirst();
        if (held) return 'present';
        const n = await trx
          .selectFrom('issuer_stars')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n.n) >= max) return 'full';
        await trx.insertInto('issuer_stars').values({ user_id: userId, issuer, created_at: now }).execute();
        return 'added';
      });
    },

    async remove(userId: string, issuer: string): Promise<void> {
      await db
        .deleteFrom('issuer_stars')
        .where('user_id', '=', userId)
        .where('issuer', '=', issuer)
        .execute();
    },

    /** My starred issuers by name, each with how many files I can read (0 if none). */
    async list(userId: string, contains?: string): Promise<IssuerItem[]> {
      const filter = contains
        ? sql`AND ${likeIgnoringCase(sql.ref('s.issuer'), containingPattern(contains))}`
        : sql``;
      const r = await sql<IssuerItem>`SELECT s.issuer AS name,
          (SELECT count(*) FROM files f WHERE f.issuer = s.issuer AND ${filesWhere().readableBy(userId)}) AS file_count
        FROM issuer_stars s WHERE s.user_id = ${userId} ${filter}
        ORDER BY lower(s.issuer), s.issuer`.execute(db);
      return r.rows;
    },
  };
}
export type IssuerStarsRepo = ReturnType<typeof createIssuerStarsRepo>;
