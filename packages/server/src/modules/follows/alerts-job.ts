import { PermanentJobError, type JobHandler, type JobPayload } from '../../jobs/job-list.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { FilesRepo } from '../files/repo.js';
import { audienceOf } from '../files/visibility.js';
import { isVouched } from '../files/provenance.js';
import type { InboxRepo } from './inbox-repo.js';
import { matchReport } from './match-report.js';
import type { FollowsRepo } from './repo.js';

/**
 * The `alerts` job: a report newly in the library (or in its owner's uploads) reaches the inboxes
 * of the follows it matches. One step; a rerun delivers nothing twice (one inbox row per user and
 * report). A report deleted, failed or taken down meanwhile reaches no one. A published upload
 * whose research data no administrator confirmed reaches its owner alone (files/provenance.ts):
 * its claimed broker and companies alert nobody else until then; the confirmation queues it again.
 */
export function createAlertsJob(deps: {
  files: Pick<FilesRepo, 'bySeq' | 'pages'>;
  follows: FollowsRepo;
  inbox: InboxRepo;
  clock: Clock;
}): JobHandler<JobPayload<'alerts'>> {
  return {
    async runStep(step, { file_seq }) {
      if (step !== 'match') throw new PermanentJobError('bad_step', `Unknown alerts step ${step}`);
      const row = await deps.files.bySeq(file_seq);
      const audience = row && audienceOf(row);
      if (!row || !audience) return 'done';
      const pages = await deps.files.pages(file_seq);
      const reaches = isVouched(row) ? audience.owner : row.owner_id;
      const matches = await matchReport(deps.follows, { row, pages }, reaches);
      if (matches.size) await deps.inbox.deliver(file_seq, matches, isoNow(deps.clock));
      return 'done';
    },
    async onFailed() {
      // The report stays in the library; its followers find it by searching.
    },
  };
}
