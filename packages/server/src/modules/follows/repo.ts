import type { SearchFilter } from '@rl/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockForTransaction } from '../../db/dialect.js';
import type { FollowsTable } from '../../db/schema.js';
import { atomic } from '../../db/unit-of-work.js';
import { filterWhere } from '../search/filter-sql.js';
import type { FollowSpec } from './follow-targets.js';

export type FollowRow = Selectable<FollowsTable>;

/** One follow a report matched: whose, and which. */
export interface FollowMatch {
  user_id: string;
  follow_id: string;
}

/** The terms of a report's matching by kind: tickers, folded issuer and analysts, sector. */
export interface ReportKeys {
  company: string[];
  issuer: string[];
  sector: string[];
  analyst: string[];
}

/** IN lists stay well under either database's bound of parameters per statement. */
const CHUNK = 500;
const chunks = <T>(list: T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** What users follow, and the lookups of the matching: by (kind, key), and saved searches by term. */
export function createFollowsRepo(db: Db) {
  return {
    list(userId: string): Promise<FollowRow[]> {
      return db
        .selectFrom('follows')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    byId(userId: string, id: string): Promise<FollowRow | undefined> {
      return db
        .selectFrom('follows')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    /**
     * Adds a follow unless the user holds `max` already ('full', with how many they hold); one
     * already there is 'present' and answered as it is. A user's adds take turns, so two at once
     * cannot both pass the count.
     */
    async add(
      userId: string,
      id: string,
      spec: FollowSpec,
      anchors: string[],
      now: string,
      max: number,
    ): Promise<{ outcome: 'added' | 'present'; row: FollowRow } | { outcome: 'full'; used: number }> {
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, `follows:${userId}`);
        const held = await trx
          .selectFrom('follows')
          .selectAll()
          .where('user_id', '=', userId)
          .where('kind', '=', spec.kind)
          .where('key', '=', spec.key)
          .executeTakeFirst();
        if (held) return { outcome: 'present', row: held };
        const n = await trx
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n.n) >= max) return { outcome: 'full', used: Number(n.n) };
        const row = await trx
          .insertInto('follows')
          .values({
            id,
            user_id: userId,
            kind: spec.kind,
            key: spec.key,
            label: spec.label,
            search: spec.search ? JSON.stringify(spec.search) : null,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (anchors.length)
          await trx
            .insertInto('follow_terms')
            .values(anchors.map((term) => ({ term, follow_id: id })))
            .execute();
        return { outcome: 'added', row };
      });
    },

    update(
      userId: string,
      id: string,
      change: { label?: string; paused?: boolean },
    ): Promise<FollowRow | undefined> {
      return db
        .updateTable('follows')
        .set({
          ...(change.label !== undefined && { label: change.label }),
          ...(change.paused !== undefined && { paused: change.paused ? 1 : 0 }),
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /** By its id, or by what it follows (an issuer's star); its terms go with it (ON DELETE CASCADE). */
    async remove(userId: string, which: { id: string } | Pick<FollowRow, 'kind' | 'key'>): Promise<void> {
      let q = db.deleteFrom('follows').where('user_id', '=', userId);
      q =
        'id' in which
          ? q.where('id', '=', which.id)
          : q.where('kind', '=', which.kind).where('key', '=', which.key);
      await q.execute();
    },

    ...matchingLookups(db),
  };
}
export type FollowsRepo = ReturnType<typeof createFollowsRepo>;

/** The matching's lookups of the follows a new report reaches (match-report.ts). */
function matchingLookups(db: Db) {
  return {
    /**
     * The follows, not paused, naming one of a report's keys: an index lookup per kind
     * (follows_target), never a walk of every follow. `ownerOnly`: a private upload reaches its owner.
     */
    async following(keys: ReportKeys, ownerOnly: string | null): Promise<FollowMatch[]> {
      const out: FollowMatch[] = [];
      for (const kind of ['company', 'issuer', 'sector', 'analyst'] as const) {
        for (const part of chunks(keys[kind])) {
          let q = db
            .selectFrom('follows')
            .select(['user_id', 'id as follow_id'])
            .where('kind', '=', kind)
            .where('key', 'in', part)
            .where('paused', '=', 0);
          if (ownerOnly !== null) q = q.where('user_id', '=', ownerOnly);
          out.push(...(await q.execute()));
        }
      }
      return out;
    },

    /** The saved searches, not paused, indexed under one of `terms` (follow_terms), with their search. */
    async searchesUnder(terms: string[], ownerOnly: string | null): Promise<FollowRow[]> {
      const byId = new Map<string, FollowRow>();
      for (const part of chunks([...new Set(terms)])) {
        let q = db
          .selectFrom('follow_terms as t')
          .innerJoin('follows as f', 'f.id', 't.follow_id')
          .selectAll('f')
          .where('t.term', 'in', part)
          .where('f.paused', '=', 0);
        if (ownerOnly !== null) q = q.where('f.user_id', '=', ownerOnly);
        for (const row of await q.execute()) byId.set(row.id, row);
      }
      return [...byId.values()];
    },

    /** Whether the file passes a saved search's filters, as the search itself applies them. */
    async passesFilter(seq: number, filter: SearchFilter): Promise<boolean> {
      const where = filterWhere(filter);
      if (!where) return true;
      const r = await sql`SELECT 1 AS hit FROM files f WHERE f.seq = ${seq} AND ${where}`.execute(db);
      return r.rows.length > 0;
    },
  };
}
