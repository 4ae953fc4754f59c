import type { Follow, FollowKind, SearchFilter } from '@rl/contract';
import { SECTOR_IDS, type SectorId } from '@rl/contract/research-vocabulary';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { MessageKey } from '../../../locale/en-US';
import { sectorLabel } from '../../../locale/research-labels';
import { companyPath, PATHS } from '../../../router/route-meta';
import { criteriaToParams } from '../../../stores/search-criteria';

/** The name of each kind of follow, as a tag says it. */
export const FOLLOW_KIND_KEYS: Record<FollowKind, MessageKey> = {
  company: 'follows.kind.company',
  issuer: 'follows.kind.issuer',
  sector: 'follows.kind.sector',
  analyst: 'follows.kind.analyst',
  search: 'follows.kind.search',
};

const isSector = (key: string): key is SectorId => (SECTOR_IDS as readonly string[]).includes(key);

/** The search page with this keyword and filters. */
function searchPath(keyword: string, filter: SearchFilter): string {
  const query = criteriaToParams({ keyword, filter, sorting: undefined, titleOnly: false }).toString();
  return query ? `${PATHS.file}?${query}` : PATHS.file;
}

/** The reports of what a follow follows: a company's page, or the search that finds them. */
export function followPath(follow: Follow): string {
  switch (follow.kind) {
    case 'company':
      return companyPath(follow.key);
    case 'issuer':
      return searchPath('', { issuer: follow.key });
    case 'analyst':
      return searchPath('', { author: follow.key });
    case 'sector':
      return isSector(follow.key) ? searchPath('', { sector: [follow.key] }) : PATHS.file;
    case 'search':
      return searchPath(follow.search?.keyword ?? '', follow.search?.filter ?? {});
  }
}

/** What a follow follows, in words: the ticker, the broker, the sector, the analyst, or the search. */
export function followTargetText(t: TFunction, follow: Follow): string {
  switch (follow.kind) {
    case 'sector':
      return isSector(follow.key) ? sectorLabel(t, follow.key) : follow.key;
    case 'search': {
      const keyword = follow.search?.keyword.trim() ?? '';
      const filters = Object.values(follow.search?.filter ?? {}).filter(
        (value) => value !== undefined,
      ).length;
      const words = keyword ? t('follows.search.keyword', { keyword }) : t('follows.search.noKeyword');
      return filters ? `${words} · ${t('follows.search.filters', { count: filters })}` : words;
    }
    default:
      return follow.key;
  }
}

/** What a follow follows, leading to its reports. */
export function FollowTargetLink({ t, follow }: { t: TFunction; follow: Follow }) {
  return (
    <Link to={followPath(follow)} className="rl-follow-row__target" data-testid="follow-target">
      {followTargetText(t, follow)}
    </Link>
  );
}
