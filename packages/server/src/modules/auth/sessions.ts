import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import { toUserRecord } from '../users/model.js';
import type { UserRecord } from '../access/user-record.js';
import { sessionIdle } from './session-idle.js';
import type { SessionsRepo } from './sessions-repo.js';

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Opaque bearer tokens: 32 random bytes (base64url), stored as sha256, revocable, ending `ttlDays`
 * after login or `idleDays` after their last use, whichever comes first.
 */
export function createSessions(deps: {
  repo: SessionsRepo;
  clock: Clock;
  ttlDays: number;
  idleDays: number;
}) {
  const { repo, clock } = deps;
  const idle = sessionIdle(deps.idleDays * 86_400_000);
  return {
    async issue(userId: string, fingerprint: string | null): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repo.create({
        token_hash: tokenHash(token),
        user_id: userId,
        fingerprint,
        now: now.toISOString(),
        expires_at: new Date(now.getTime() + deps.ttlDays * 86_400_000).toISOString(),
      });
      return token;
    },
    /** The user of a live token; null when unknown, expired, idle, revoked, or the account is disabled. */
    async userOfToken(token: string): Promise<UserRecord | null> {
      if (token.length > 200) return null;
      const hash = tokenHash(token);
      const now = clock.now();
      const found = await repo.active(hash, now.toISOString(), idle.usedAfter(now));
      if (!found || found.user.status === 'disabled') return null;
      if (idle.touchDue(found.last_used_at, now)) await repo.touch(hash, now.toISOString());
      return toUserRecord(found.user);
    },
    /** Ends the token's session, a user or a console one (logout). */
    revoke: (token: string) => repo.revoke(tokenHash(token), clock.now().toISOString()),
    /** Ends every session of the account, console ones included, but `keepToken` (a user token). */
    revokeAllBut: (userId: string, keepToken: string | null) =>
      repo.revokeAll(userId, keepToken && tokenHash(keepToken), clock.now().toISOString()),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
