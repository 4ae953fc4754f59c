import { DIGEST_DEFAULTS } from '../../config.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { DigestsRepo } from './repo.js';

/** How often a process that runs jobs looks for digests owed (one run at a time, cluster-wide). */
export const DIGEST_RUN_INTERVAL_MS = DIGEST_DEFAULTS.runIntervalS * 1000;

interface RunDeps {
  jobs: Pick<JobsRepo, 'enqueueUnlessLive'>;
  digests: Pick<DigestsRepo, 'candidates' | 'anyDue'>;
  clock: Clock;
}

/**
 * Queues a `digests` run when one may have work (a user whose next period started, with new inbox
 * arrivals since their last digest, or a digest due) unless one is queued or running in any process. A library nobody follows
 * anything in queues none. Answers whether it queued one.
 */
export async function queueDigestRun({ jobs, digests, clock }: RunDeps): Promise<boolean> {
  const now = isoNow(clock);
  const work = (await digests.candidates('', 1, now)).length > 0 || (await digests.anyDue(now));
  return work && jobs.enqueueUnlessLive('digests', {}, now);
}

/**
 * Queues a `digests` run now and every minute (`intervalMs`) when it has work: the periods that
 * started are queued and the due digests sent within a minute. Answers how to stop.
 */
export function scheduleDigests(
  deps: RunDeps & {
    /** Wakes this process's runner after it queued one. */
    notify: () => void;
    onError: (err: unknown) => void;
    intervalMs?: number;
  },
): () => void {
  const run = () => void queueDigestRun(deps).then((queued) => queued && deps.notify(), deps.onError);
  run();
  const timer = setInterval(run, deps.intervalMs ?? DIGEST_RUN_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
