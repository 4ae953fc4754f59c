import { sql, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { transactionOf } from '../../db/transaction-of.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { createSessionsRepo } from '../auth/sessions-repo.js';
import type { UserRow } from '../users/model.js';
import { auditWriter } from './audit.js';
import { adminFilesQueries } from './files-repo.js';

/** SQL of the console's account changes: edit, enable/disable, password reset, delete. */
function adminUsersQueries(db: Kysely<Database>) {
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

    /** Ends every session of the user, user and admin tokens alike; answers how many were live. */
    revokeSessions: (userId: string, now: string): Promise<number> =>
      createSessionsRepo(db).revokeAll(userId, null, now),
    /** Ends the user's console sessions only; answers how many were live. */
    revokeConsoleSessions: (userId: string, now: string): Promise<number> =>
      createSessionsRepo(db).revokeConsole(userId, now),

    /** Ids of the user's private files (their own uploads, in any state). */
    async privateFileIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('owner_id', '=', userId)
        .where('visibility', '=', 'private')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Removes the user's file stars (each file's star count follows), issuer stars, collections. */
    async dropLibrary(userId: string): Promise<{ stars: number; issuer_stars: number; collections: number }> {
      await db
        .updateTable('files')
        .set({ stars: sql`stars - 1` })
        .where('seq', 'in', (eb) =>
          eb.selectFrom('file_stars').select('file_seq').where('user_id', '=', userId),
        )
        .where('stars', '>', 0)
        .execute();
      const stars = await db.deleteFrom('file_stars').where('user_id', '=', userId).executeTakeFirst();
      const issuers = await db.deleteFrom('issuer_stars').where('user_id', '=', userId).executeTakeFirst();
      // Their files (collection_files) go with each collection by foreign key.
      const collections = await db.deleteFrom('collections').where('user_id', '=', userId).executeTakeFirst();
      return { stars: count(stars), issuer_stars: count(issuers), collections: count(collections) };
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

function usersTx(trx: Db) {
  return {
    ...adminUsersQueries(trx),
    dropFile: adminFilesQueries(trx).dropFile,
    audit: auditWriter(trx),
  };
}
export type AdminUsersTx = ReturnType<typeof usersTx>;

export function createAdminUsersRepo(db: Db) {
  return {
    /** Runs `fn` in one transaction: the change and its audit row together. */
    transaction: transactionOf(db, usersTx),
  };
}
export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
