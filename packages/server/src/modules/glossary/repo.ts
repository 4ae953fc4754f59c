import { sql, type Selectable } from 'kysely';
import type { GlossaryDomain } from '@rl/contract';
import type { Db } from '../../db/database.js';
import type { GlossaryTermsTable } from '../../db/schema.js';
import type { GlossaryChange } from './effective.js';

const FORM_SEPARATOR = '|';

const toChange = (r: Selectable<GlossaryTermsTable>): GlossaryChange => ({
  id: r.id,
  builtin: r.builtin,
  entry: {
    zh: r.zh ? r.zh.split(FORM_SEPARATOR) : [],
    en: r.en ? r.en.split(FORM_SEPARATOR) : [],
    domain: r.domain as GlossaryDomain,
  },
  removed: r.removed === 1,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

/**
 * SQL of the administrator's glossary changes and of the glossary's version (a change's audit row is
 * the audit repository's, in the same unit of work).
 */
export function createGlossaryRepo(db: Db) {
  return {
    async version(): Promise<string> {
      const row = await db.selectFrom('glossary_version').select('n').where('id', '=', 1).executeTakeFirst();
      return String(row?.n ?? 0);
    },

    /**
     * Bumps the version. A change's transaction starts with it: the row lock (PostgreSQL) or the
     * write lock (SQLite) makes changes take turns, so each checks clashes against the last one.
     */
    async bumpVersion(): Promise<void> {
      await sql`UPDATE glossary_version SET n = n + 1 WHERE id = 1`.execute(db);
    },

    async changes(): Promise<GlossaryChange[]> {
      return (await db.selectFrom('glossary_terms').selectAll().execute()).map(toChange);
    },

    async put(change: GlossaryChange): Promise<void> {
      const row = {
        builtin: change.builtin,
        zh: change.entry.zh.join(FORM_SEPARATOR),
        en: change.entry.en.join(FORM_SEPARATOR),
        domain: change.entry.domain,
        removed: change.removed ? 1 : 0,
        updated_at: change.updatedAt,
        updated_by: change.updatedBy,
      };
      await db
        .insertInto('glossary_terms')
        .values({ id: change.id, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('glossary_terms').where('id', '=', id).execute();
    },
  };
}
export type GlossaryRepo = ReturnType<typeof createGlossaryRepo>;
