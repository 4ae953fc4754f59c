import { msg } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import { TooFrequent, targetKey, type CodeTarget } from './codes.js';
import { THROTTLES } from './limits.js';
import { secondsUntilFree } from './retry-after.js';
import type { Throttle } from './throttle.js';

/**
 * Counts a signup attempt from `ip` for `target` (right or wrong, before anything is checked):
 * 429 past either limit (limits.ts), so neither one address nor one address's codes can be
 * probed fast. The same for every target, taken or not.
 */
export async function throttleSignup(
  deps: { throttle: Throttle; clock: Clock },
  ip: string,
  target: CodeTarget,
): Promise<void> {
  const checks = [
    [THROTTLES.signupsPerIp, ip],
    [THROTTLES.signupsPerTarget, targetKey(target)],
  ] as const;
  for (const [rule, key] of checks)
    // Only attempts let through count: a flood cannot keep the window full.
    if (!(await deps.throttle.take(rule, key)))
      throw new TooFrequent(msg('signupTooFrequent'), await secondsUntilFree(deps, rule, key));
}
