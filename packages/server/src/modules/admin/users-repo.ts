import { sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { atomic } from '../../db/unit-of-work.js';
import type { UsersTable } from '../../db/schema.js';
import type { UserRow } from '../users/model.js';
import { filesWhere } from '../files/visibility.js';

/**
 * SQL of the console's account changes: edit, enable/disable, password reset, delete (the
 * sessions' ends, the files' removal and the audit rows are their repositories', in the same unit
 * of work).
 */
export function createAdminUsersRepo(db: Db) {
  const count = (r: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
    Number(r.numDeletedRows ?? r.numUpdatedRows ?? 0n);
  return {
    /** Bumps updated_time and answers the row: the transaction's first write, before it reads. */
    touch: (id: string, now: string): Promise<UserRow | undefined> =>
      db
        .updateTable('users')
        .set({ updated_time: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    update: (id: string, set: Updateable<UsersTable>): Promise<UserRow> =>
      db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /** Ids of the user's private files (their own uploads, in any state). */
    async privateFileIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('owner_id', '=', userId)
        .where(filesWhere('files').private)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Removes the user's file stars (each file's star count follows), follows (issuer stars among them), collections. */
    dropLibrary(userId: string): Promise<{ stars: number; follows: number; collections: number }> {
      // The star counts and the stars go together.
      return atomic(db, async (trx) => {
        await trx
          .updateTable('files')
          .set({ stars: sql`stars - 1` })
          .where('seq', 'in', (eb) =>
            eb.selectFrom('file_stars').select('file_seq').where('user_id', '=', userId),
          )
          .where('stars', '>', 0)
          .execute();
        const stars = await trx.deleteFrom('file_stars').where('user_id', '=', userId).executeTakeFirst();
        const follows = await trx.deleteFrom('follows').where('user_id', '=', userId).executeTakeFirst();
        // Their files (collection_files) go with each collection by foreign key.
        const collections = await trx
          .deleteFrom('collections')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return { stars: count(stars), follows: count(follows), collections: count(collections) };
      });
    },

    /**
     * Removes what only served the account: sessions, admin sessions, known devices, pending
     * verification codes, chunked uploads under way (answers their ids: their part files go next).
     */
    async dropAccountRows(
      user: Pick<UserRow, 'id' | 'email' | 'phone' | 'phone_country_code'>,
    ): Promise<string[]> {
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await db.deleteFrom('admin_sessions').where('admin_id', '=', user.id).execute();
      await db.deleteFrom('known_devices').where('user_id', '=', user.id).execute();
      const targets = [
        ...(user.email ? [`email:${user.email}`] : []),
        ...(user.phone ? [`sms:+${user.phone_country_code ?? '86'}${user.phone}`] : []),
      ];
      if (targets.length) await db.deleteFrom('verification_codes').where('target', 'in', targets).execute();
      const uploads = await db
        .deleteFrom('upload_sessions')
        .where('user_id', '=', user.id)
        .returning('id')
        .execute();
      return uploads.map((u) => u.id);
    },

    /**
     * Where the account's name was copied: its download history takes the anonymous name, and the
     * public files it published keep their (anonymous) owner but no uploader name.
     */
    async anonymiseTraces(userId: string, username: string): Promise<void> {
      await db.updateTable('downloads').set({ username }).where('user_id', '=', userId).execute();
      await db.updateTable('files').set({ upload_user: null }).where('owner_id', '=', userId).execute();
    },
  };
}

export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
