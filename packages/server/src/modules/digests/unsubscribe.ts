import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import type { Language } from '../../messages/bilingual.js';
import { msg } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import { maskEmail } from '../auth/mask.js';
import { toUserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';
import type { DigestLinks } from './links.js';

/** What the unsubscribe page says: in the account's language, to its (masked) address. */
export interface UnsubscribeState {
  language: Language;
  email: string;
  /** The digest was off already. */
  off: boolean;
}

/**
 * The digest's unsubscribe link, which needs no login: the link's signature names the account.
 * A link that is not one the server signed (tampered, made up) is refused and changes nothing.
 */
export function createUnsubscribeService(deps: {
  users: Pick<UsersRepo, 'byId' | 'setDigest'>;
  links: Pick<DigestLinks, 'unsubscribeSigned'>;
  clock: Clock;
}) {
  const { users, links, clock } = deps;

  async function account(userId: string, signature: string) {
    const row = links.unsubscribeSigned(userId, signature) ? await users.byId(userId) : undefined;
    if (!row) throw new AppError(ERROR_CODES.linkInvalid, msg('unsubscribeLinkInvalid'));
    return toUserRecord(row);
  }
  const stateOf = (user: Awaited<ReturnType<typeof account>>): UnsubscribeState => ({
    language: user.settings.language,
    email: user.email ? maskEmail(user.email) : user.username,
    off: user.settings.digest === 'off',
  });

  return {
    /** What the link would do (GET shows it; a link scanner's visit changes nothing). */
    async show(userId: string, signature: string): Promise<UnsubscribeState> {
      return stateOf(await account(userId, signature));
    },

    /** Turns the digest off (POST: the page's button, or a mail client's one-click). Idempotent. */
    async unsubscribe(userId: string, signature: string): Promise<UnsubscribeState> {
      const user = await account(userId, signature);
      const before = stateOf(user);
      // The digest's key alone: the rest of the settings may have been saved since they were read.
      if (!before.off) await users.setDigest(user.id, 'off', isoNow(clock));
      return before;
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
