import type { LoaderFunctionArgs } from 'react-router';
import { parseCriteria } from '../../../stores/search-criteria';
import { searchStore } from '../../../stores/search-store';

/**
 * Starts the search of the URL as soon as the route matches, so the request runs while the page
 * renders; the page's own effect then finds it under way and does not repeat it.
 */
export function startSearch({ request }: LoaderFunctionArgs): void {
  void searchStore.getState().search(parseCriteria(new URL(request.url).searchParams));
}
