import type { ReingestStartResponse } from '@rl/contract';
import { isoNow, type Clock } from '../platform/clock.js';
import type { JobsRepo } from '../jobs/jobs-repo.js';
import type { ReingestRepo } from './reingest-repo.js';

/** Re-ingestion as the console starts it: one walk of the library at a time, and its progress. */
export function createReingestService(deps: {
  repo: ReingestRepo;
  jobs: JobsRepo;
  clock: Clock;
  notifyJobs: () => void;
}) {
  const { repo, clock } = deps;
  return {
    /**
     * Queues a walk (every ready file with `all`, else those an older reading read) unless one is
     * queued or running, which then goes on; answers whether one was queued and the progress.
     */
    async start(all: boolean): Promise<ReingestStartResponse> {
      const started = await deps.jobs.enqueueUnlessLive('reingest', { all }, isoNow(clock));
      if (started) deps.notifyJobs();
      return { started, reingest: await repo.progress() };
    },
  };
}
export type ReingestService = ReturnType<typeof createReingestService>;

/** Queues a walk when a ready file was read by an older reading (run at start); answers whether it did. */
export async function reingestIfOutdated(
  deps: { repo: ReingestRepo; jobs: JobsRepo },
  now: string,
): Promise<boolean> {
  return (await deps.repo.anyOutdated()) && deps.jobs.enqueueUnlessLive('reingest', { all: false }, now);
}
