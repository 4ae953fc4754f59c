import type { Db } from '../../db/database.js';
import type { UserRow } from '../users/model.js';

/** Sessions (hashed bearer tokens) and the devices each account has logged in from. */
export function createSessionsRepo(db: Db) {
  const revokeConsole = async (userId: string, now: string): Promise<number> => {
    const r = await db
      .updateTable('admin_sessions')
      .set({ revoked_at: now })
      .where('admin_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  };
  return {
    async create(s: {
      token_hash: string;
      user_id: string;
      fingerprint: string | null;
      now: string;
      expires_at: string;
    }) {
      await db
        .insertInto('sessions')
        .values({
          token_hash: s.token_hash,
          user_id: s.user_id,
          fingerprint: s.fingerprint,
          created_at: s.now,
          last_used_at: s.now,
          expires_at: s.expires_at,
        })
        .execute();
    },
    /**
     * The user behind a live session (not revoked, not expired, used after `usedAfter`: the idle
     * cutoff), with when it was last used.
     */
    async active(
      tokenHash: string,
      now: string,
      usedAfter: string,
    ): Promise<{ user: UserRow; last_used_at: string } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.last_used_at as session_last_used_at')
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .where('sessions.last_used_at', '>', usedAfter)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_last_used_at, ...user } = row;
      return { user, last_used_at: session_last_used_at };
    },
    /** Records a use; never moves last_used_at back (another process may have written a later one). */
    async touch(tokenHash: string, now: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('last_used_at', '<', now)
        .execute();
    },
    /**
     * Ends the session of one token, whichever kind it is (a token is a user session or a console
     * session, never both): logging out with either ends it.
     */
    async revoke(tokenHash: string, now: string): Promise<void> {
      for (const table of ['sessions', 'admin_sessions'] as const)
        await db
          .updateTable(table)
          .set({ revoked_at: now })
          .where('token_hash', '=', tokenHash)
          .where('revoked_at', 'is', null)
          .execute();
    },
    /**
     * Ends the account's sessions: every user session except `keepHash` (the one changing the
     * password, if any) and every console session, which carry the most power and must never
     * outlive a password, a role or the account. Answers how many were live.
     */
    async revokeAll(userId: string, keepHash: string | null, now: string): Promise<number> {
      let users = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepHash) users = users.where('token_hash', '!=', keepHash);
      const u = await users.executeTakeFirst();
      const a = await revokeConsole(userId, now);
      return Number(u.numUpdatedRows) + a;
    },
    /** Ends the account's console (admin) sessions only; answers how many were live. */
    revokeConsole: (userId: string, now: string) => revokeConsole(userId, now),
    async isKnownDevice(userId: string, fingerprint: string): Promise<boolean> {
      const r = await db
        .selectFrom('known_devices')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('fingerprint', '=', fingerprint)
        .executeTakeFirst();
      return r !== undefined;
    },
    async addDevice(userId: string, fingerprint: string, now: string): Promise<void> {
      await db
        .insertInto('known_devices')
        .values({ user_id: userId, fingerprint, first_seen: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
