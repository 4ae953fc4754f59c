import { useEffect, useState } from 'react';

/** How long "File loading..." stays after the file has loaded (SPEC.md section 9). */
export const FILE_LOADING_MESSAGE_MS = 1000;

/** Whether to show the file loading message: while loading, and for one second after. */
export function useFileLoadingMessage(loading: boolean): boolean {
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    if (loading) return;
    const timer = setTimeout(() => setCleared(true), FILE_LOADING_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return loading || !cleared;
}
