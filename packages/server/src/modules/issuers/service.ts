import {
  ERROR_CODES,
  ISSUER_STARS_MAX,
  type IssuerResponse,
  type IssuerStarResponse,
  type IssuerStarsResponse,
  type TagSearchResponse,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { IssuersRepo } from './repo.js';
import type { IssuerStarsRepo } from './star-repo.js';

const ALL_LIMIT = 500;
const POPULAR_LIMIT = 10;

/** Issuers of the library, tag suggestions, and the issuers a user starred. */
export function createIssuersService(deps: { repo: IssuersRepo; stars: IssuerStarsRepo; clock: Clock }) {
  const { repo, stars, clock } = deps;
  return {
    /** All, popular and (for a logged-in caller) starred issuers whose name contains `contains`. */
    async issuers(viewer: Viewer, contains?: string): Promise<IssuerResponse> {
      const [all, popular, star] = await Promise.all([
        repo.issuers({ contains, orderBy: 'name', limit: ALL_LIMIT }),
        repo.issuers({ contains, orderBy: 'popularity', limit: POPULAR_LIMIT }),
        // Issuer stars belong to accounts: an anonymous caller has none.
        viewer.user ? stars.list(viewer.user.id, contains) : [],
      ]);
      return { all, star, popular };
    },

    async tags(prefix: string, limit: number): Promise<TagSearchResponse> {
      return { tags: await repo.tags(prefix, limit) };
    },

    /** Idempotent; at most ISSUER_STARS_MAX starred issuers per user. */
    async star(viewer: Viewer, issuer: string, active: boolean): Promise<IssuerStarResponse> {
      const user = requireUser(viewer);
      if (!active) {
        await stars.remove(user.id, issuer);
        return { issuer, starred: false };
      }
      const r = await stars.add(user.id, issuer, isoNow(clock), ISSUER_STARS_MAX);
      if (r === 'full')
        throw new AppError(ERROR_CODES.limitReached, msg('tooManyIssuerStars', { max: ISSUER_STARS_MAX }), {
          field: 'issuer',
        });
      return { issuer, starred: true };
    },

    async starred(viewer: Viewer): Promise<IssuerStarsResponse> {
      const user = requireUser(viewer);
      return { issuers: await stars.list(user.id) };
    },
  };
}
export type IssuersService = ReturnType<typeof createIssuersService>;
