import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks once a second; `start` (re)starts it, 0 stops it. */
export function useCountdown(): { remaining: number; start(seconds: number): void } {
  const [remaining, setRemaining] = useState(0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setRemaining((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.round(seconds))), []);
  return { remaining, start };
}
