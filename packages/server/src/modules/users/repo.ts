import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { jsonWithText, violatedColumns } from '../../db/dialect.js';
import type { DigestFrequency } from '@rl/contract';
import type { SubscriptionsTable, UsersTable } from '../../db/schema.js';
import type { UserRow } from './model.js';

/** Random, non-sequential ids: u_ + 16 base64url characters (96 bits). */
export const newUserId = (): string => `u_${randomBytes(12).toString('base64url')}`;
export const newSubscriptionId = (): string => `s_${randomBytes(12).toString('base64url')}`;

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

/** The column whose UNIQUE constraint a write of `users` broke (username, email, phone), or null. */
export function uniqueViolation(err: unknown): string | null {
  const columns = violatedColumns(err);
  return columns.length === 1 ? columns[0]! : null;
}

export function createUsersRepo(db: Db) {
  const base = () => db.selectFrom('users').selectAll();
  return {
    byId: (id: string): Promise<UserRow | undefined> => base().where('id', '=', id).executeTakeFirst(),
    /** Case-insensitive (the columns are NOCASE on SQLite, citext on PostgreSQL). */
    byUsername: (username: string) => base().where('username', '=', username).executeTakeFirst(),
    byEmail: (email: string) => base().where('email', '=', email).executeTakeFirst(),
    byPhone: (phone: string) => base().where('phone', '=', phone).executeTakeFirst(),
    async insert(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({ id: newUserId(), ...user })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Inserts unless another account holds its username, e-mail or mobile: undefined then. */
    async insertUnlessTaken(user: NewUser): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ id: newUserId(), ...user })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    async update(id: string, set: Updateable<UsersTable>): Promise<UserRow | undefined> {
      return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
    },
    /**
     * Sets the digest's frequency in the settings and nothing else of them: a settings save that
     * lands meanwhile keeps what it wrote. False when the account is gone.
     */
    async setDigest(id: string, digest: DigestFrequency, now: string): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ settings: jsonWithText(db, sql.ref('settings'), 'digest', digest), updated_time: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async addSubscription(s: Omit<Insertable<SubscriptionsTable>, 'id'>): Promise<void> {
      await db
        .insertInto('subscriptions')
        .values({ id: newSubscriptionId(), ...s })
        .execute();
    },
    async subscriptions(userId: string): Promise<Selectable<SubscriptionsTable>[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('purchase_time', 'desc')
        .execute();
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
