import type { Kysely } from 'kysely';
import { autoIncrementId } from '../dialect.js';

/**
 * Administration (issue 7): admin sessions and the audit log. Admin tokens live in their own table,
 * not in `sessions`: a user call never finds an admin token (401), an admin call never a user one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('admin_sessions_admin').on('admin_sessions').column('admin_id').execute();

  // No foreign keys: the log outlives the admin and the target it names.
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('admin_id', 'text', (c) => c.notNull())
    .addColumn('admin_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    // JSON objects (or null).
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_time').on('admin_audit').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('admin_audit_target')
    .on('admin_audit')
    .columns(['target_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit').ifExists().execute();
  await db.schema.dropTable('admin_sessions').ifExists().execute();
}
