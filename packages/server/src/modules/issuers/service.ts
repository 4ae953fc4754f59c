import type { IssuerResponse, TagSearchResponse } from '@rl/contract';
import type { Viewer } from '../access/viewer.js';
import type { IssuersRepo } from './repo.js';
import type { IssuerStarsRepo } from './star-repo.js';

const ALL_LIMIT = 500;
const POPULAR_LIMIT = 10;

/**
 * Issuers of the library, tag suggestions, and the issuers a user follows ('star'). Starring an
 * issuer is following it: the follows module answers /api/file/issuer_star.
 */
export function createIssuersService(deps: { repo: IssuersRepo; stars: IssuerStarsRepo }) {
  const { repo, stars } = deps;
  return {
    /** All, popular and (for a logged-in caller) starred issuers whose name contains `contains`. */
    async issuers(viewer: Viewer, contains?: string): Promise<IssuerResponse> {
      const [all, popular, star] = await Promise.all([
        repo.issuers({ contains, orderBy: 'name', limit: ALL_LIMIT }),
        repo.issuers({ contains, orderBy: 'popularity', limit: POPULAR_LIMIT }),
        // Followed issuers belong to accounts: an anonymous caller has none.
        viewer.user ? stars.list(viewer.user.id, contains) : [],
      ]);
      return { all, star, popular };
    },

    async tags(prefix: string, limit: number): Promise<TagSearchResponse> {
      return { tags: await repo.tags(prefix, limit) };
    },
  };
}
export type IssuersService = ReturnType<typeof createIssuersService>;
