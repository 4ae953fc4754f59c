import type { Kysely } from 'kysely';

/**
 * DMCA complaints, contact-us messages and spent security-check solutions (issue 7).
 * No foreign keys on purpose: a complaint or a message is a record that outlives the file or the
 * account it names (the console shows a deleted file's id without a title).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dmca_complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('copyright_holder', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    // JSON object: confirmation name → true, as submitted.
    .addColumn('confirmations', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dmca_time').on('dmca_complaints').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('dmca_status_time')
    .on('dmca_complaints')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('dmca_file').on('dmca_complaints').columns(['file_id', 'status']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('username', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_time')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('contact_messages_handled')
    .on('contact_messages')
    .columns(['handled', 'created_at'])
    .execute();

  // One row per accepted security-check solution until its challenge expires: the primary key
  // makes accepting a solution twice impossible, even for two requests racing.
  await db.schema
    .createTable('security_check_spent')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_check_spent_expiry')
    .on('security_check_spent')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('security_check_spent').ifExists().execute();
  await db.schema.dropTable('contact_messages').ifExists().execute();
  await db.schema.dropTable('dmca_complaints').ifExists().execute();
}
