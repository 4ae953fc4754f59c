import { useEffect, type RefObject } from 'react';

/**
 * Calls `onReach` when the sentinel comes within `marginPx` of the scroll container's visible
 * area. Re-observes whenever `version` changes, so a short page that leaves the sentinel in view
 * still loads the next one.
 */
export function useLoadMoreOnScroll(
  root: RefObject<HTMLElement | null>,
  sentinel: RefObject<HTMLElement | null>,
  onReach: () => void,
  { enabled, version, marginPx = 600 }: { enabled: boolean; version: number; marginPx?: number },
): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!enabled || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReach();
      },
      { root: root.current, rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [root, sentinel, onReach, enabled, version, marginPx]);
}
