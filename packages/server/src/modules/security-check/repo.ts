import type { Db } from '../../db/database.js';

/** SQL of the security check: the solutions already accepted (replay guard). */
export function createSecurityCheckRepo(db: Db) {
  return {
    /**
     * Marks a challenge as spent; false when it already was. One insert guarded by the primary
     * key, so two requests racing with the same solution cannot both pass.
     */
    async spend(challenge: string, expiresAt: string): Promise<boolean> {
      const r = await db
        .insertInto('security_check_spent')
        .values({ challenge, expires_at: expiresAt })
        .onConflict((oc) => oc.column('challenge').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
    /** Drops spent challenges that have expired anyway (they fail the expiry check). */
    async prune(now: string): Promise<void> {
      await db.deleteFrom('security_check_spent').where('expires_at', '<', now).execute();
    },
  };
}
export type SecurityCheckRepo = ReturnType<typeof createSecurityCheckRepo>;
