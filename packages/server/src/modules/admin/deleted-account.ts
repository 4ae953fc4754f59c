import { sql } from 'kysely';
import type { AdminUser } from '@rl/contract';
import { toUserRecord, type UserRow } from '../users/model.js';
import { presentAccount } from '../users/presenter.js';

/**
 * A deleted account keeps its row (its published files and history point at it) with a password
 * hash no hasher writes, starting with this: that is what marks it deleted.
 */
export const DELETED_HASH_PREFIX = 'deleted$';

/** SQL: the row is a deleted account. */
export const isDeletedSql = sql<boolean>`users.password_hash LIKE ${`${DELETED_HASH_PREFIX}%`}`;

export const isDeletedRow = (row: Pick<UserRow, 'password_hash'>): boolean =>
  row.password_hash.startsWith(DELETED_HASH_PREFIX);

/** An account as the console lists it: deleted ones say so (the console offers them no action). */
export function presentAdminUser(row: UserRow, now: Date): AdminUser {
  return { ...presentAccount(toUserRecord(row), now), deleted: isDeletedRow(row) };
}
