import { useEffect } from 'react';

/** How often the files table asks again while a file on the page is being processed. */
export const PROCESSING_POLL_MS = 3_000;

/** Calls `refresh` every PROCESSING_POLL_MS while `active` (a row is processing). */
export function useProcessingPoll(active: boolean, refresh: () => unknown) {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => void refresh(), PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, refresh]);
}
