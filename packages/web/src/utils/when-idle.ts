/** At most this long before the work runs anyway, on a browser that is never idle. */
const LATEST_MS = 2000;

/**
 * Runs `work` once the browser is idle (where it says so; a short timer elsewhere), so that work
 * which can wait stays out of the tasks that show a page. Answers how to cancel it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: LATEST_MS });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(work, 200);
  return () => window.clearTimeout(timer);
}
