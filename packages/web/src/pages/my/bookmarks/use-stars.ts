import type { AllStarsRequest } from '@rl/contract';
import { LIBRARY_PAGE_SIZE } from '@rl/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filesApi } from '../../../api/files-api';
import { libraryApi, libraryKeys, OWN_FAILURE_MESSAGE } from '../../../api/library-api';
import { useLibraryCache } from '../../../components/collections/use-library-cache';
import type { StarsFilter } from './stars-filters';
import { useOptimisticRemoval } from './use-optimistic-removal';

/** A page of my stars under a filter, and unstarring one of them (its row goes at once). */
export function useStars(filter: StarsFilter, page: number) {
  const cache = useLibraryCache();
  const request: AllStarsRequest = { ...filter, page_id: page, page_length: LIBRARY_PAGE_SIZE };
  const stars = useQuery({
    queryKey: libraryKeys.starsPage(request),
    queryFn: ({ signal }) => libraryApi.allStars(request, { signal, hideErrorMessage: true }),
    placeholderData: keepPreviousData,
  });
  const removal = useOptimisticRemoval(async (fileId) => {
    const answer = await filesApi.star(fileId, false, OWN_FAILURE_MESSAGE);
    await cache.noteStarred(fileId, answer.starred);
  }, 'library.stars.unstarFailed');
  return { stars, ...removal };
}
