import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SubscriptionsTable, UsersTable } from '../../db/schema.js';
import type { UserRow } from './model.js';

/** Random, non-sequential ids: u_ + 16 base64url characters (96 bits). */
export const newUserId = (): string => `u_${randomBytes(12).toString('base64url')}`;
export const newSubscriptionId = (): string => `s_${randomBytes(12).toString('base64url')}`;

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

/** True when an insert or update broke a UNIQUE constraint; `column` tells which one. */
export function uniqueViolation(err: unknown): string | null {
  const msg = err instanceof Error ? err.message : '';
  const m = /UNIQUE constraint failed: users\.(\w+)/.exec(msg);
  return m?.[1] ?? null;
}

export function createUsersRepo(db: Db) {
  const base = () => db.selectFrom('users').selectAll();
  return {
    byId: (id: string): Promise<UserRow | undefined> => base().where('id', '=', id).executeTakeFirst(),
    /** Case-insensitive (the columns are COLLATE NOCASE). */
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
    async update(id: string, set: Updateable<UsersTable>): Promise<UserRow | undefined> {
      return db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
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
