type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `load` once the browser is idle (or after `timeoutMs`); returns a cancel function. */
export function prefetchOnIdle(load: () => unknown, timeoutMs = 2000): () => void {
  const idle = window as IdleWindow;
  const run = () => {
    try {
      void Promise.resolve(load()).catch(() => undefined);
    } catch {
      // A prefetch never breaks the page.
    }
  };
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(run, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = window.setTimeout(run, Math.min(timeoutMs, 500));
  return () => window.clearTimeout(timer);
}
