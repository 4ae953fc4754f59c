import type { SearchFilter } from '@rl/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { lockForTransaction, textList } from '../../db/dialect.js';
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

/** Saved searches' filters checked per statement: one row of that many columns. */
const FILTERS_PER_QUERY = 100;

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
        if (!keys[kind].length) continue;
        let q = db
          .selectFrom('follows')
          .select(['user_id', 'id as follow_id'])
          .where('kind', '=', kind)
          .where(sql<boolean>`${sql.ref('follows.key')} IN ${textList(db, keys[kind])}`)
          .where('paused', '=', 0);
        if (ownerOnly !== null) q = q.where('user_id', '=', ownerOnly);
        out.push(...(await q.execute()));
      }
      return out;
    },

    /** The saved searches, not paused, indexed under one of `terms` (follow_terms), with their search. */
    async searchesUnder(terms: string[], ownerOnly: string | null): Promise<FollowRow[]> {
      let q = db
        .selectFrom('follow_terms as t')
        .innerJoin('follows as f', 'f.id', 't.follow_id')
        .selectAll('f')
        .where(sql<boolean>`${sql.ref('t.term')} IN ${textList(db, [...new Set(terms)])}`)
        .where('f.paused', '=', 0);
      if (ownerOnly !== null) q = q.where('f.user_id', '=', ownerOnly);
      const byId = new Map<string, FollowRow>();
      // A search indexed under several of the terms comes once.
      for (const row of await q.execute()) if (!byId.has(row.id)) byId.set(row.id, row);
      return [...byId.values()];
    },

    /**
     * Which of saved searches' filters the file passes, as the search itself applies them: one
     * statement for up to FILTERS_PER_QUERY distinct filters, none for a search without filters.
     * Answers a flag per filter, in their order.
     */
    async passingFilters(seq: number, filters: SearchFilter[]): Promise<boolean[]> {
      const conditions = new Map<string, ReturnType<typeof filterWhere>>();
      for (const f of filters) conditions.set(JSON.stringify(f), filterWhere(f));
      const checked = [...conditions].filter(([, where]) => where !== null);
      const passed = new Set<string>();
      for (let i = 0; i < checked.length; i += FILTERS_PER_QUERY) {
        const part = checked.slice(i, i + FILTERS_PER_QUERY);
        const columns = part.map(
          ([, where], j) => sql`CASE WHEN ${where} THEN 1 ELSE 0 END AS ${sql.ref(`p${j}`)}`,
        );
        const r = await sql<Record<string, number>>`SELECT ${sql.join(columns)} FROM files f
          WHERE f.seq = ${seq}`.execute(db);
        const row = r.rows[0];
        part.forEach(([key], j) => {
          if (Number(row?.[`p${j}`] ?? 0) === 1) passed.add(key);
        });
      }
      return filters.map((f) => {
        const key = JSON.stringify(f);
        return conditions.get(key) === null || passed.has(key);
      });
    },
  };
}
