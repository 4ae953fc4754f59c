import { afterAll, afterEach } from 'vitest';
import { installNetworkGuard, takeBlockedCalls } from './network-guard.js';

/**
 * Setup file of the server's test projects: nothing in the test process reaches beyond this
 * machine, and a test during which something tried fails, even when the code under test caught
 * the refusal (a provider call turned into a 503, a retried connection).
 */

installNetworkGuard();

function failOnBlockedCalls(): void {
  const blocked = takeBlockedCalls();
  if (blocked.length > 0) throw new Error(`tried to reach the network: ${blocked.join('; ')}`);
}

afterEach(failOnBlockedCalls);
// Attempts made in beforeAll/afterAll hooks.
afterAll(failOnBlockedCalls);
