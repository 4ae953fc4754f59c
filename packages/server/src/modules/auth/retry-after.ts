import type { Clock } from '../../platform/clock.js';
import type { ThrottleRule } from './limits.js';
import type { Throttle } from './throttle.js';

/** Seconds until the oldest event of `key` in `rule`'s window ages out (the window when none). */
export async function secondsUntilFree(
  deps: { throttle: Throttle; clock: Clock },
  rule: ThrottleRule,
  key: string,
): Promise<number> {
  const oldest = await deps.throttle.oldest(rule, key);
  if (!oldest) return rule.windowS;
  return rule.windowS - (deps.clock.now().getTime() - new Date(oldest).getTime()) / 1000;
}
