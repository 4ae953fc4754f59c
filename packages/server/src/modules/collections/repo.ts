import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sqlPageOf, type Page, type PageWindow } from '../../db/paging.js';
import { lockForTransaction, violatedColumns } from '../../db/dialect.js';
import { atomic } from '../../db/unit-of-work.js';
import type { CollectionsTable } from '../../db/schema.js';
import { filesWhere } from '../files/visibility.js';
import { LIBRARY_COLUMNS, type LibraryRow } from '../stars/library-rows.js';

export type CollectionRow = CollectionsTable & { file_count: number };
export type CollectedRow = LibraryRow & { added_at: string };

/** True when a write broke the per-user unique name of collections. */
export const nameTaken = (err: unknown): boolean => violatedColumns(err).includes('name');

/**
 * Collections of one user. `file_count` and the file lists count only files the owner can still
 * see (a file taken down or unpublished leaves their lists).
 */
export function createCollectionsRepo(db: Db) {
  const count = (userId: string) => sql<number>`(SELECT count(*) FROM collection_files cf
    JOIN files f ON f.seq = cf.file_seq WHERE cf.collection_id = c.id AND ${filesWhere().readableBy(userId)})`;

  return {
    /** Mine, by name. */
    async list(userId: string): Promise<CollectionRow[]> {
      const r = await sql<CollectionRow>`SELECT c.*, ${count(userId)} AS file_count FROM collections c
        WHERE c.user_id = ${userId} ORDER BY lower(c.name), c.name, c.created_at`.execute(db);
      return r.rows;
    },

    async byId(userId: string, id: string): Promise<CollectionRow | undefined> {
      const r = await sql<CollectionRow>`SELECT c.*, ${count(userId)} AS file_count FROM collections c
        WHERE c.user_id = ${userId} AND c.id = ${id}`.execute(db);
      return r.rows[0];
    },

    /**
     * Creates a collection unless the user holds `max` already. Throws on a taken name (nameTaken).
     * The user's creations take turns, so two at once cannot both pass the count.
     */
    async create(row: CollectionsTable, max: number): Promise<boolean> {
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, `collections:${row.user_id}`);
        const n = await trx
          .selectFrom('collections')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        if (Number(n.n) >= max) return false;
        await trx.insertInto('collections').values(row).execute();
        return true;
      });
    },

    /** Throws on a taken name (nameTaken). */
    async rename(userId: string, id: string, name: string, now: string): Promise<void> {
      await db
        .updateTable('collections')
        .set({ name, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
    },

    async delete(userId: string, id: string): Promise<void> {
      await db.deleteFrom('collections').where('user_id', '=', userId).where('id', '=', id).execute();
    },

    /**
     * Adds a file unless the collection holds `max` files the user can see: 'full' then. A file
     * already there is 'present', even at the limit. Additions to one collection take turns.
     */
    async addFile(
      userId: string,
      id: string,
      seq: number,
      now: string,
      max: number,
    ): Promise<'added' | 'present' | 'full'> {
      return atomic(db, async (trx) => {
        await lockForTransaction(trx, `collection:${id}`);
        const held = await trx
          .selectFrom('collection_files')
          .select('file_seq')
          .where('collection_id', '=', id)
          .where('file_seq', '=', seq)
          .executeTakeFirst();
        if (held) return 'present';
        const n = await sql<{ n: number }>`SELECT ${count(userId)} AS n FROM collections c
          WHERE c.id = ${id}`.execute(trx);
        if (Number(n.rows[0]?.n ?? 0) >= max) return 'full';
        await trx
          .insertInto('collection_files')
          .values({ collection_id: id, file_seq: seq, added_at: now })
          .execute();
        await trx.updateTable('collections').set({ updated_at: now }).where('id', '=', id).execute();
        return 'added';
      });
    },

    async removeFile(id: string, seq: number, now: string): Promise<void> {
      const r = await db
        .deleteFrom('collection_files')
        .where('collection_id', '=', id)
        .where('file_seq', '=', seq)
        .executeTakeFirst();
      if (Number(r.numDeletedRows) > 0)
        await db.updateTable('collections').set({ updated_at: now }).where('id', '=', id).execute();
    },

    /** Files of a collection that the user can see, newest added first. */
    files(userId: string, id: string, window: PageWindow): Promise<Page<CollectedRow>> {
      return sqlPageOf(
        db,
        {
          columns: sql`${LIBRARY_COLUMNS}, cf.added_at`,
          from: sql`collection_files cf JOIN files f ON f.seq = cf.file_seq`,
          where: sql`cf.collection_id = ${id} AND ${filesWhere().readableBy(userId)}`,
          order: sql`cf.added_at DESC, cf.file_seq DESC`,
        },
        window,
      );
    },

    /** Ids of my collections holding a file, by collection name. */
    async containing(userId: string, seq: number): Promise<string[]> {
      const rows = await db
        .selectFrom('collections as c')
        .innerJoin('collection_files as cf', 'cf.collection_id', 'c.id')
        .select('c.id')
        .where('c.user_id', '=', userId)
        .where('cf.file_seq', '=', seq)
        .orderBy(sql`lower(c.name)`)
        .orderBy('c.name')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;
