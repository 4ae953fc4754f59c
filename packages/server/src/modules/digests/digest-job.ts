import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import type { JobsRepo } from '../../jobs/jobs-repo.js';
import type { Clock } from '../../platform/clock.js';
import type { DigestLinks } from './links.js';
import type { DigestsRepo } from './repo.js';
import { queueDueDigests } from './scan.js';
import { sendDueDigests, type DigestSenderDeps } from './send.js';

/** Finished runs of the job kept for a day (the dashboard's failures stay: only done ones go). */
const RUNS_KEPT_MS = 86_400_000;
/** Digests one `send` step claims; the next step goes on (a stopping worker hands the job back between). */
const SENDS_PER_STEP = 200;

/**
 * The `digests` job: `scan` queues the periods owed, `send` sends the due digests in steps of a
 * few hundred. The digests themselves are claimed one by one under their own lease, so two runs
 * at once (or a run and a worker that died mid-send) never send a digest twice; a digest whose
 * retry is not due yet waits for a later run.
 */
export function createDigestJob(
  deps: DigestSenderDeps & {
    repo: DigestsRepo;
    jobs: Pick<JobsRepo, 'forgetDone'>;
    links: DigestLinks;
    clock: Clock;
    /** The hour of the user's day a digest period starts at (DIGEST_HOUR). */
    hour: number;
  },
): JobHandler<JobPayload<'digests'>> {
  return {
    async runStep(step, _payload, job, signal) {
      if (step === 'scan') {
        const now = deps.clock.now();
        const queued = await queueDueDigests({ ...deps, now });
        await deps.jobs.forgetDone('digests', new Date(now.getTime() - RUNS_KEPT_MS).toISOString());
        if (queued) deps.log?.info({ queued }, 'digests queued');
        return 'send';
      }
      if (step !== 'send') throw new PermanentJobError('bad_step', `Unknown digests step ${step}`);
      // The runner's worker id: the digests this run holds name the process that sends them.
      const worker = job.locked_by ?? `digests:${job.id}`;
      const tally = await sendDueDigests(deps, worker, { max: SENDS_PER_STEP, ...(signal && { signal }) });
      if (tally.claimed) deps.log?.info(tally, 'digests sent');
      return tally.claimed >= SENDS_PER_STEP ? 'send' : 'done';
    },
    async onFailed() {
      // The next run, a minute later, scans and sends again.
    },
  };
}
