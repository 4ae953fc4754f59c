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
    /**
     * Stores a new code, replacing the live one unless that was sent after `sentBefore`: false
     * then. One statement, so of two sends racing only one replaces the code.
     */
    async putUnlessSentAfter(row: Omit<CodeRow, 'tries'>, sentBefore: string): Promise<boolean> {
      const r = await db
        .insertInto('verification_codes')
        .values({ ...row, tries: 0 })
        .onConflict((oc) =>
          oc
            .columns(['target', 'purpose'])
            .doUpdateSet({
              code_hash: row.code_hash,
              expires_at: row.expires_at,
              sent_at: row.sent_at,
              tries: 0,
            })
            .where('verification_codes.sent_at', '<=', sentBefore),
        )
        .returning('target')
        .executeTakeFirst();
      return r !== undefined;
    },
    /**
     * Spends one try of a live code (not expired at `now`, tries left below `maxTries`) and
     * answers it, or undefined when there is none to try. One statement, so racing guesses cannot
     * get more tries than `maxTries` between them.
     */
    async takeTry(
      target: string,
      purpose: string,
      now: string,
      maxTries: number,
    ): Promise<Pick<CodeRow, 'code_hash' | 'tries'> | undefined> {
      return db
        .updateTable('verification_codes')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .where('tries', '<', maxTries)
        .returning(['code_hash', 'tries'])
        .executeTakeFirst();
    },
    /** Removes the code if it still is `codeHash`; false when another request spent it first. */
    async spend(target: string, purpose: string, codeHash: string): Promise<boolean> {
      const r = await db
        .deleteFrom('verification_codes')
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type CodesRepo = ReturnType<typeof createCodesRepo>;
