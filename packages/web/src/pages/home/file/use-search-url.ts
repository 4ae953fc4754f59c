import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { criteriaToParams, parseCriteria, PARAM, type SearchCriteria } from '../../../stores/search-criteria';
import { useTitleOnlyByDefault } from '../../../stores/search-preference';
import { searchStore } from '../../../stores/search-store';

/** A change of the search, computed from the latest criteria (not from a possibly older render). */
export type CriteriaChange = (current: SearchCriteria) => SearchCriteria;

export interface SearchUrl {
  criteria: SearchCriteria;
  /** The open report, if any; the viewer checks the id against the contract. */
  fileId: string | null;
  /**
   * Applies a change; each change is a history entry, so Back undoes it. A change that changes
   * nothing runs the same search again.
   */
  updateCriteria(change: CriteriaChange): void;
  /** Corrects the URL in place (no history entry), e.g. after invalid values were dropped. */
  replaceCriteria(next: SearchCriteria): void;
  /** The URL query that opens a report with the current criteria. */
  fileSearch(fileId: string): string;
  closeFile(): void;
}

/** The search page's state lives in the URL, so a search can be shared and Back works. */
export function useSearchUrl(): SearchUrl {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // The user's search preference is the default of the title-only switch.
  const titleOnlyDefault = useTitleOnlyByDefault();
  const criteria = useMemo(
    () => parseCriteria(new URLSearchParams(query)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parseCriteria reads the preference
    [query, titleOnlyDefault],
  );
  const fileId = params.get(PARAM.file)?.trim() || null;

  // Two quick changes (e.g. a date, then a page count before the page re-renders) must build on
  // each other: the latest criteria are kept here, set by each change and by each new URL.
  const latest = useRef({ criteria, fileId });
  useLayoutEffect(() => {
    latest.current = { criteria, fileId };
  }, [criteria, fileId]);

  const updateCriteria = useCallback(
    (change: CriteriaChange) => {
      const next = change(latest.current.criteria);
      const params = criteriaToParams(next, latest.current.fileId);
      // The same search asked again (Enter, the Search button): the library may have changed, so
      // it runs again, without a new history entry.
      if (params.toString() === criteriaToParams(latest.current.criteria, latest.current.fileId).toString()) {
        void searchStore.getState().search(next, { force: true });
        return;
      }
      latest.current = { ...latest.current, criteria: next };
      setParams(params);
    },
    [setParams],
  );
  const replaceCriteria = useCallback(
    (next: SearchCriteria) => setParams(criteriaToParams(next, latest.current.fileId), { replace: true }),
    [setParams],
  );
  const fileSearch = useCallback((id: string) => `?${criteriaToParams(criteria, id).toString()}`, [criteria]);
  const closeFile = useCallback(() => setParams(criteriaToParams(latest.current.criteria)), [setParams]);

  return { criteria, fileId, updateCriteria, replaceCriteria, fileSearch, closeFile };
}
