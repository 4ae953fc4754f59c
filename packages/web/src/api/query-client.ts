import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retries only failures that may pass on a second try: network errors and 5xx, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.status >= 500;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
