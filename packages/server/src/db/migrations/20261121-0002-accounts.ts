import type { Kysely } from 'kysely';
import { autoIncrementId, caseInsensitiveText, clusteredOnKey, floatType } from '../dialect.js';

/**
 * Accounts (issue 4): users, sessions, known devices, verification codes, throttle events, usage
 * counters and subscriptions. Usernames and e-mails are unique case-insensitively (COLLATE NOCASE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', caseInsensitiveText(db), (c) => c.notNull().unique())
    .addColumn('email', caseInsensitiveText(db), (c) => c.unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('phone_country_code', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('["user"]'))
    .addColumn('user_level', 'text', (c) => c.notNull().defaultTo('trial'))
    .addColumn('user_level_expire_time', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    // 1: a login from a device the account has not used needs a code (demo users: 0).
    .addColumn('device_check', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_time', 'text', (c) => c.notNull())
    .addColumn('updated_time', 'text', (c) => c.notNull())
    .addColumn('last_login_time', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'fingerprint'])
    .execute();

  // One live code per target and purpose; a new send replaces it.
  await db.schema
    .createTable('verification_codes')
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('verification_codes_pk', ['target', 'purpose'])
    .execute();

  // Throttling: one row per event (code sent, login attempt, login failure), shared by every worker.
  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_events_key').on('rate_events').columns(['bucket', 'key', 'at']).execute();
  await db.schema.createIndex('rate_events_at').on('rate_events').column('at').execute();

  // Usage per subject (u:<user id>, fp:<fingerprint>, ip:<address>), type and period (2026-11, 2026-11-21, total).
  await db.schema
    .createTable('usage_counters')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('usage_type', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pk', ['subject', 'usage_type', 'period'])
    .execute();
  // The files already counted in a period: re-opening one is not counted again.
  await clusteredOnKey(db)(
    db.schema
      .createTable('usage_files')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('usage_type', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_files_pk', ['subject', 'usage_type', 'period', 'file_id']),
  ).execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('price_cny', floatType(db), (c) => c.notNull())
    .addColumn('purchase_time', 'text', (c) => c.notNull())
    .addColumn('expire_time', 'text')
    .execute();
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'purchase_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'subscriptions',
    'usage_files',
    'usage_counters',
    'rate_events',
    'verification_codes',
    'known_devices',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
