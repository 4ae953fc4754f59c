import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { containsKeyword } from '../../db/like.js';
import { pageOf, type Page, type PageWindow } from '../../db/paging.js';
import type { AdminAuditTable, Database } from '../../db/schema.js';
import type { UserRow } from '../users/model.js';
import { isDeletedSql } from './deleted-account.js';

export type AuditRow = Selectable<AdminAuditTable>;

export interface UserFilter {
  keyword?: string | undefined;
  user_level?: string | undefined;
  status?: string | undefined;
}

/** Console sessions: created at login, found and touched on each call, ended at logout. */
function adminSessionQueries(db: Kysely<Database>) {
  return {
    async createSession(s: { token_hash: string; admin_id: string; now: string; expires_at: string }) {
      await db
        .insertInto('admin_sessions')
        .values({
          token_hash: s.token_hash,
          admin_id: s.admin_id,
          created_at: s.now,
          last_used_at: s.now,
          expires_at: s.expires_at,
        })
        .execute();
    },
    /** A console login is a login: the account's last login, and a first one activates it. */
    async recordLogin(userId: string, now: string): Promise<void> {
      await db.updateTable('users').set({ last_login_time: now }).where('id', '=', userId).execute();
      await db
        .updateTable('users')
        .set({ status: 'active', updated_time: now })
        .where('id', '=', userId)
        .where('status', '=', 'inactive')
        .execute();
    },
    /**
     * The account behind a live admin session (not revoked, not expired, used after `usedAfter`:
     * the idle cutoff), with its last use.
     */
    async activeSession(
      tokenHash: string,
      now: string,
      usedAfter: string,
    ): Promise<{ user: UserRow; last_used_at: string } | undefined> {
      const row = await db
        .selectFrom('admin_sessions')
        .innerJoin('users', 'users.id', 'admin_sessions.admin_id')
        .selectAll('users')
        .select('admin_sessions.last_used_at as session_last_used_at')
        .where('admin_sessions.token_hash', '=', tokenHash)
        .where('admin_sessions.revoked_at', 'is', null)
        .where('admin_sessions.expires_at', '>', now)
        .where('admin_sessions.last_used_at', '>', usedAfter)
        .executeTakeFirst();
      if (!row) return undefined;
      const { session_last_used_at, ...user } = row;
      return { user, last_used_at: session_last_used_at };
    },
    /** Ends a console session (its logout); a user session with the same token is not the console's. */
    async revokeSession(tokenHash: string, now: string): Promise<void> {
      await db
        .updateTable('admin_sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Records a use; never moves last_used_at back (another process may have written a later one). */
    async touchSession(tokenHash: string, now: string): Promise<void> {
      await db
        .updateTable('admin_sessions')
        .set({ last_used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('last_used_at', '<', now)
        .execute();
    },
  };
}

/** The console's users: one, a filtered page of them, their plan level. */
function adminUserQueries(db: Kysely<Database>) {
  return {
    userById: (id: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Users matching the filter, newest first, and how many match in all. */
    listUsers(filter: UserFilter, window: PageWindow): Promise<Page<UserRow>> {
      let q = db.selectFrom('users');
      const { keyword } = filter;
      if (keyword)
        q = q.where((eb) => containsKeyword(eb, ['users.username', 'users.email', 'users.phone'], keyword));
      if (filter.user_level) q = q.where('user_level', '=', filter.user_level);
      // Deleted accounts are listed only when asked for ("deleted" as the status).
      if (filter.status === 'deleted') q = q.where(isDeletedSql);
      else {
        q = q.where(sql<boolean>`NOT ${isDeletedSql}`);
        if (filter.status) q = q.where('status', '=', filter.status as UserRow['status']);
      }
      return pageOf(q, (m) => m.selectAll().orderBy('created_time', 'desc').orderBy('id'), window);
    },

    async setLevel(id: string, level: string, expires: string | null, now: string): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ user_level: level, user_level_expire_time: expires, updated_time: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

/** A user's usage counters: read, and reset for the given periods. */
function usageCounterQueries(db: Kysely<Database>) {
  return {
    async usage(
      subject: string,
      periods: string[],
    ): Promise<{ usage_type: string; period: string; count: number }[]> {
      return db
        .selectFrom('usage_counters')
        .select(['usage_type', 'period', 'count'])
        .where('subject', '=', subject)
        .where('period', 'in', periods)
        .orderBy('usage_type')
        .orderBy('period')
        .execute();
    },
    /** Deletes the subject's counters (and counted files) of the given periods; answers how many counters. */
    async resetUsage(subject: string, periods: string[]): Promise<number> {
      await db
        .deleteFrom('usage_files')
        .where('subject', '=', subject)
        .where('period', 'in', periods)
        .execute();
      const r = await db
        .deleteFrom('usage_counters')
        .where('subject', '=', subject)
        .where('period', 'in', periods)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

/** `query` of a list of ids, sent only when the list holds any: `IN ()` is no SQL. */
const forIds = <T>(ids: readonly string[], query: (list: string[]) => Promise<T[]>): Promise<T[]> =>
  ids.length === 0 ? Promise.resolve([]) : query([...ids]);

/** The audit log as the console reads it (its rows are written by the audit repository). */
function auditLogQueries(db: Kysely<Database>) {
  return {
    auditPage(
      filter: { action?: string | undefined; target_id?: string | undefined },
      window: PageWindow,
    ): Promise<Page<AuditRow>> {
      let q = db.selectFrom('admin_audit');
      if (filter.action) q = q.where('action', '=', filter.action);
      if (filter.target_id) q = q.where('target_id', '=', filter.target_id);
      return pageOf(q, (m) => m.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), window);
    },
    /** The stored roles (JSON lists) of the accounts that made a page's entries. */
    actorRoles: (ids: readonly string[]): Promise<{ id: string; role: string }[]> =>
      forIds(ids, (list) => db.selectFrom('users').select(['id', 'role']).where('id', 'in', list).execute()),
    /** The titles of the reports a page's entries are about, as they are now. */
    reportTitles: (ids: readonly string[]): Promise<{ id: string; title: string }[]> =>
      forIds(ids, (list) => db.selectFrom('files').select(['id', 'title']).where('id', 'in', list).execute()),
    /** The report each complaint is about (null: none named). */
    complaintFiles: (ids: readonly string[]): Promise<{ id: string; file_id: string | null }[]> =>
      forIds(ids, (list) =>
        db.selectFrom('dmca_complaints').select(['id', 'file_id']).where('id', 'in', list).execute(),
      ),
    /** The records of reports' deletions: what they were (`before_json`) is all that is left of them. */
    reportDeletions: (ids: readonly string[]): Promise<{ target_id: string; before_json: string | null }[]> =>
      forIds(ids, (list) =>
        db
          .selectFrom('admin_audit')
          .select(['target_id', 'before_json'])
          .where('action', '=', 'file.delete')
          .where('target_id', 'in', list)
          .execute(),
      ),
  };
}

/** SQL of the admin console: admin sessions, users, usage counters, the audit log. */
export function createAdminRepo(db: Db) {
  return {
    ...adminSessionQueries(db),
    ...adminUserQueries(db),
    ...usageCounterQueries(db),
    ...auditLogQueries(db),
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
