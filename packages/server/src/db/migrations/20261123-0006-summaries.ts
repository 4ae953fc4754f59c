import type { Kysely } from 'kysely';

/**
 * AI reading (issue 6): each file's compact summary, its summaries in other languages and when it
 * was summarised (null: a summarise job is still owed), and the chat messages of users about files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('summary_compact', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // JSON object: language ('zh-hans') → summary.
  await db.schema
    .alterTable('files')
    .addColumn('multi_language_summary', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // 'extractive' or 'abstractive' once summarised.
  await db.schema.alterTable('files').addColumn('summary_kind', 'text').execute();
  await db.schema.alterTable('files').addColumn('summarised_at', 'text').execute();

  await db.schema
    .createTable('dialog_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // files.id, not a foreign key (a deleted file's messages are unreachable: access answers 404).
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON array of {page, text}.
    .addColumn('citations', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON {input_tokens, output_tokens} of a generated answer, or null.
    .addColumn('usage', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dialog_messages_conversation')
    .on('dialog_messages')
    .columns(['user_id', 'file_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dialog_messages').ifExists().execute();
  for (const column of ['summarised_at', 'summary_kind', 'multi_language_summary', 'summary_compact'])
    await db.schema.alterTable('files').dropColumn(column).execute();
}
