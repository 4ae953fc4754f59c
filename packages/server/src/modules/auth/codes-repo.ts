import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { VerificationCodesTable } from '../../db/schema.js';

export type CodeRow = Selectable<VerificationCodesTable>;

/** Verification codes: one live code per target and purpose. */
export function createCodesRepo(db: Db) {
  const key = (target: string, purpose: string) =>
    db.selectFrom('verification_codes').where('target', '=', target).where('purpose', '=', purpose);
  return {
    get: (target: string, purpose: string): Promise<CodeRow | undefined> =>
      key(target, purpose).selectAll().executeTakeFirst(),
    async put(row: Omit<CodeRow, 'tries'>): Promise<void> {
      await db
        .insertInto('verification_codes')
        .values({ ...row, tries: 0 })
        .onConflict((oc) =>
          oc.columns(['target', 'purpose']).doUpdateSet({
            code_hash: row.code_hash,
            expires_at: row.expires_at,
            sent_at: row.sent_at,
            tries: 0,
          }),
        )
        .execute();
    },
    async addTry(target: string, purpose: string): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .execute();
    },
    async remove(target: string, purpose: string): Promise<void> {
      await db
        .deleteFrom('verification_codes')
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .execute();
    },
  };
}
export type CodesRepo = ReturnType<typeof createCodesRepo>;
