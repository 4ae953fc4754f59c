import { ERROR_CODES } from '@rl/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminUserActiveRequest,
  AdminUserDeleteResponse,
  AdminUserEditRequest,
  AdminUserIdRequest,
  AdminUserPasswordRequest,
  AdminUserResponse,
} from '@rl/contract';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { msg, type Message } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import type { FileStorage } from '../../platform/storage/types.js';
import { THROTTLES } from '../auth/limits.js';
import type { Throttle } from '../auth/throttle.js';
import type { UploadDir } from '../uploads/temp-files.js';
import { toUserRecord, type UserRow } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import { assertFree, withUniqueness } from '../users/uniqueness.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { SessionsRepo } from '../auth/sessions-repo.js';
import type { SearchRepo } from '../search/repo.js';
import type { AdminFilesRepo } from './files-repo.js';
import type { AdminUsersRepo } from './users-repo.js';
import type { AdminRecord } from '../access/admin-record.js';
import { DELETED_HASH_PREFIX, isDeletedRow, presentAdminUser } from './deleted-account.js';

type EditIn = z.output<typeof AdminUserEditRequest>;
type ActiveIn = z.output<typeof AdminUserActiveRequest>;
type UserIdIn = z.output<typeof AdminUserIdRequest>;
type PasswordIn = z.output<typeof AdminUserPasswordRequest>;

const userNotFound = () => new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));
const refused = (message: Message, field: string) => new AppError(ERROR_CODES.validation, message, { field });

/** The account's editable fields as the audit log records them (never the password hash). */
const shown = (r: UserRow) => ({
  username: r.username,
  email: r.email,
  phone: r.phone,
  role: toUserRecord(r).role,
  status: r.status,
});

const hasAdminRole = (r: UserRow) => toUserRecord(r).role.includes('admin');

/**
 * What an account change writes together: the account's rows, its sessions' ends, its private
 * files and their search entries (a delete), the audit row.
 */
export type AdminUsersTx = {
  adminUsers: AdminUsersRepo;
  adminFiles: AdminFilesRepo;
  search: SearchRepo;
  sessions: SessionsRepo;
  audit: AuditRepo;
};

/** The user's row, locked for the transaction (its first write), or 404 (a deleted account too). */
async function lock(tx: AdminUsersTx, id: string, now: string): Promise<UserRow> {
  const row = await tx.adminUsers.touch(id, now);
  if (!row || isDeletedRow(row)) throw userNotFound();
  return row;
}

/**
 * Sessions a role change ends (null: the admin role stayed as it was). Losing the admin role ends
 * every session of the account, console ones included, so no console token of it ever works
 * again, even once the role comes back. Gaining it ends console sessions left from before (a
 * console login that straddled a demotion), so the role always starts from a new login.
 */
async function endSessionsOnRoleChange(
  tx: AdminUsersTx,
  before: UserRow,
  after: UserRow,
  now: string,
): Promise<number | null> {
  const was = hasAdminRole(before);
  const is = hasAdminRole(after);
  if (was === is) return null;
  return was ? tx.sessions.revokeAll(after.id, null, now) : tx.sessions.revokeConsole(after.id, now);
}

/** An edit in its transaction: the fields that change, the sessions a role change ends, the audit row. */
async function editAccount(tx: AdminUsersTx, admin: AdminRecord, req: EditIn, now: string): Promise<UserRow> {
  const before = await lock(tx, req.user_id, now);
  const set: Updateable<UsersTable> = {};
  if (req.username !== undefined && req.username !== before.username) set.username = req.username;
  if (req.email !== undefined && req.email !== before.email) set.email = req.email;
  const roles = req.role && JSON.stringify([...new Set(req.role)]);
  if (roles && JSON.stringify(toUserRecord(before).role) !== roles) set.role = roles;
  if (set.email === null && !before.phone) throw refused(msg('needsLoginAddress'), 'email');
  if (Object.keys(set).length === 0) return before;
  const after = await tx.adminUsers.update(before.id, set);
  const revoked = await endSessionsOnRoleChange(tx, before, after, now);
  const changed = (r: UserRow) => {
    const all = shown(r);
    return Object.fromEntries(Object.keys(set).map((k) => [k, all[k as keyof typeof all]]));
  };
  await tx.audit.write(
    admin,
    {
      action: 'user.edit',
      targetType: 'user',
      targetId: before.id,
      before: changed(before),
      after: { ...changed(after), ...(revoked === null ? {} : { sessions_revoked: revoked }) },
    },
    now,
  );
  return after;
}

/**
 * A delete in its transaction: the account's private files (row and search entry), its library,
 * the rows that only served it, its name where it was copied, the anonymised row and the audit
 * row. Answers the removed files' sha256 and the chunked uploads whose part files go next.
 */
async function anonymiseAccount(
  tx: AdminUsersTx,
  admin: AdminRecord,
  userId: string,
  username: string,
  now: string,
): Promise<{ shas: string[]; uploads: string[] }> {
  const before = await lock(tx, userId, now);
  const shas: string[] = [];
  for (const id of await tx.adminUsers.privateFileIds(before.id)) {
    const file = await tx.adminFiles.dropFile(id);
    if (!file) continue;
    await tx.search.unindex(file.seq);
    shas.push(file.sha256);
  }
  const library = await tx.adminUsers.dropLibrary(before.id);
  const uploads = await tx.adminUsers.dropAccountRows(before);
  await tx.adminUsers.anonymiseTraces(before.id, username);
  await tx.adminUsers.update(before.id, {
    username,
    email: null,
    phone: null,
    phone_country_code: null,
    // Not a hash the hasher can parse: no password ever matches it.
    password_hash: `${DELETED_HASH_PREFIX}${randomBytes(16).toString('base64url')}`,
    status: 'disabled',
    role: JSON.stringify(['user']),
    user_level: 'trial',
    user_level_expire_time: null,
    settings: '{}',
    device_check: 1,
    last_login_time: null,
  });
  await tx.audit.write(
    admin,
    {
      action: 'user.delete',
      targetType: 'user',
      targetId: before.id,
      before: { username: before.username, status: before.status, user_level: before.user_level },
      after: { username, status: 'disabled', files_removed: shas.length, ...library },
    },
    now,
  );
  return { shas, uploads };
}

/**
 * The console's account changes (issue 7): edit, enable/disable, password reset, delete. Each
 * change and its audit row are one transaction; an administrator cannot disable, delete or demote
 * their own account.
 */
export function createAdminUsersService(deps: {
  /** Each change and its audit row land together (db/unit-of-work.ts). */
  transaction: UnitOfWork<AdminUsersTx>;
  users: UsersRepo;
  hasher: PasswordHasher;
  throttle: Throttle;
  storage: Pick<FileStorage, 'removeUnless'>;
  shaInUse: (sha256: string) => Promise<boolean>;
  uploads: UploadDir;
  clock: Clock;
}) {
  const { transaction, users, clock } = deps;
  const present = (row: UserRow) => ({ user: presentAdminUser(row, clock.now()) });

  return {
    /**
     * Changes username, e-mail and roles (the fields given). Username and e-mail stay unique (400
     * already_exists with the field); the account keeps an e-mail or a mobile to receive its codes.
     */
    async edit(admin: AdminRecord, req: EditIn): Promise<AdminUserResponse> {
      if (req.role && req.user_id === admin.id && !req.role.includes('admin'))
        throw refused(msg('cannotRemoveOwnAdmin'), 'role');
      if (!(await users.byId(req.user_id))) throw userNotFound();
      await assertFree(users, { username: req.username, email: req.email ?? undefined }, req.user_id);
      const now = isoNow(clock);
      const row = await withUniqueness(() => transaction((tx) => editAccount(tx, admin, req, now)));
      return present(row);
    },

    /** false: the account is disabled and every session of it (user and admin) ends at once. */
    async active(admin: AdminRecord, req: ActiveIn): Promise<AdminUserResponse> {
      if (!req.active && req.user_id === admin.id) throw refused(msg('cannotDisableSelf'), 'user_id');
      const now = isoNow(clock);
      const row = await transaction(async (tx) => {
        const before = await lock(tx, req.user_id, now);
        const status = req.active ? 'active' : 'disabled';
        const after = await tx.adminUsers.update(before.id, { status });
        const revoked = req.active ? 0 : await tx.sessions.revokeAll(before.id, null, now);
        await tx.audit.write(
          admin,
          {
            action: 'user.active',
            targetType: 'user',
            targetId: before.id,
            before: { status: before.status },
            after: { status, sessions_revoked: revoked },
          },
          now,
        );
        return after;
      });
      return present(row);
    },

    /** Sets a new password; every session of the user ends and past login failures are forgotten. */
    async password(admin: AdminRecord, req: PasswordIn): Promise<AdminUserResponse> {
      if (!(await users.byId(req.user_id))) throw userNotFound();
      const hash = await deps.hasher.hash(req.passwd);
      const now = isoNow(clock);
      const row = await transaction(async (tx) => {
        const before = await lock(tx, req.user_id, now);
        const after = await tx.adminUsers.update(before.id, { password_hash: hash });
        const revoked = await tx.sessions.revokeAll(before.id, null, now);
        await tx.audit.write(
          admin,
          {
            action: 'user.password',
            targetType: 'user',
            targetId: before.id,
            before: { live_sessions: revoked },
            after: { password: 'reset', live_sessions: 0 },
          },
          now,
        );
        return after;
      });
      await deps.throttle.clear(THROTTLES.failuresPerAccount, row.id);
      return present(row);
    },

    /**
     * Anonymises the account: a random `deleted_...` username, no e-mail, mobile or settings, a
     * password hash nothing matches, disabled, plain user on the trial level. Its sessions, devices,
     * stars, issuer stars, collections and chunked uploads go; its private uploads are deleted (row,
     * search entry, then the bytes unless another file has them). Public files it published stay
     * with the anonymous account as owner and no uploader name; its download history and usage
     * counters stay under the anonymous id (the history with the anonymous name).
     */
    async remove(admin: AdminRecord, req: UserIdIn): Promise<AdminUserDeleteResponse> {
      if (req.user_id === admin.id) throw refused(msg('cannotDeleteSelf'), 'user_id');
      const now = isoNow(clock);
      const username = `deleted_${randomBytes(6).toString('hex')}`;
      const gone = await transaction((tx) => anonymiseAccount(tx, admin, req.user_id, username, now));
      for (const sha of new Set(gone.shas)) await deps.storage.removeUnless(sha, () => deps.shaInUse(sha));
      for (const id of gone.uploads) await deps.uploads.remove(deps.uploads.partPath(id));
      return { user_id: req.user_id, files_removed: gone.shas.length };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
