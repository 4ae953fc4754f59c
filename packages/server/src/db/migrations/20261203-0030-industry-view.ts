import type { Kysely } from 'kysely';

/**
 * What an industry note says besides its companies: the broker's view on the sector, as printed
 * (看好, 优于大势, Attractive), with its step and action, never a company's rating; and the
 * companies it only mentions (JSON list as `stock_information`), found by search but never its
 * subject. Notes read before are read again (READING_VERSION), which fills both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('industry_rating', 'text').execute();
  await db.schema.alterTable('files').addColumn('industry_rating_normalised', 'text').execute();
  await db.schema.alterTable('files').addColumn('industry_rating_action', 'text').execute();
  await db.schema
    .alterTable('files')
    .addColumn('mentioned_companies', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'mentioned_companies',
    'industry_rating_action',
    'industry_rating_normalised',
    'industry_rating',
  ])
    await db.schema.alterTable('files').dropColumn(column).execute();
}
