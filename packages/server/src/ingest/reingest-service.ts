import type { ReingestStartResponse } from '@rl/contract';
import { isoNow, type Clock } from '../platform/clock.js';
import type { ReingestRepo } from './reingest-repo.js';

/** Re-ingestion as the console starts it: one walk of the library at a time, and its progress. */
export function createReingestService(deps: { repo: ReingestRepo; clock: Clock; notifyJobs: () => void }) {
  const { repo, clock } = deps;
  return {
    /**
     * Queues a walk (every ready file with `all`, else those an older reading read) unless one is
     * queued or running, which then goes on; answers whether one was queued and the progress.
     */
    async start(all: boolean): Promise<ReingestStartResponse> {
      const started = await repo.start(all, isoNow(clock));
      if (started) deps.notifyJobs();
      return { started, reingest: await repo.progress() };
    },
  };
}
export type ReingestService = ReturnType<typeof createReingestService>;
