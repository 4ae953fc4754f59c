import type { Kysely } from 'kysely';

/**
 * When an administrator confirmed a published upload's research data (its broker, companies,
 * ratings and targets): until then they are its uploader's claim, kept out of the company pages,
 * the facets and the follows (files/provenance.ts). Reports the library imported have no owner and
 * need none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('research_confirmed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('research_confirmed_at').execute();
}
