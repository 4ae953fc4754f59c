import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The data cache, provided at the root of each feature that fetches through it (the filters and
 * the viewer). Both are loaded lazily, so TanStack Query stays out of the first screen; they share
 * one client, so the cache is one.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
