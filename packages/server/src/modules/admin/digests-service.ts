import {
  ERROR_CODES,
  type AdminDigestListRequest,
  type AdminDigestListResponse,
  type AdminUserFollowsResponse,
} from '@rl/contract';
import type { z } from 'zod';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import { digestOf } from '../digests/digest-settings.js';
import { presentDigest } from '../digests/present.js';
import type { DigestsRepo } from '../digests/repo.js';
import type { FollowsRepo } from '../follows/repo.js';
import { presentFollow } from '../follows/service.js';
import { toUserRecord } from '../users/model.js';
import type { UsersRepo } from '../users/repo.js';

type ListIn = z.output<typeof AdminDigestListRequest>;

/** The console's view of follows and digests: a user's, and every digest by state (the failures). */
export function createAdminDigestsService(deps: {
  users: Pick<UsersRepo, 'byId'>;
  follows: Pick<FollowsRepo, 'list'>;
  digests: Pick<DigestsRepo, 'lastOf' | 'page' | 'countByState'>;
  clock: Clock;
}) {
  const { users, follows, digests, clock } = deps;
  return {
    /** What a user follows, their digest as chosen and as sent, and their last digest. */
    async userFollows(userId: string): Promise<AdminUserFollowsResponse> {
      const row = await users.byId(userId);
      if (!row) throw new AppError(ERROR_CODES.userNotFound, msg('userNotFound'));
      const user = toUserRecord(row);
      const [list, last] = await Promise.all([follows.list(userId), digests.lastOf(userId)]);
      const sent = digestOf(user, clock.now());
      return {
        user_id: userId,
        follows: list.map(presentFollow),
        digest: user.settings.digest,
        digest_sent: sent.frequency,
        time_zone: sent.timeZone,
        last_digest: last ? presentDigest(last) : null,
      };
    },

    /** Digests, newest change first, by state and user; with the count of failures. */
    async list(req: ListIn): Promise<AdminDigestListResponse> {
      const filter = { ...(req.state && { state: req.state }), ...(req.user_id && { userId: req.user_id }) };
      const [page, failed] = await Promise.all([
        digests.page(filter, pageWindow(req)),
        digests.countByState('failed'),
      ]);
      return {
        items: page.rows.map((r) => ({
          ...presentDigest(r),
          user_id: r.user_id,
          username: r.username,
          email: r.email,
        })),
        failed,
        ...pagingAnswer(req, page.total),
      };
    },
  };
}
export type AdminDigestsService = ReturnType<typeof createAdminDigestsService>;
