import { EARLIER, LATER, NOW } from '../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../test/sql/sample-types.js';
import { createJobsRepo } from './jobs-repo.js';

export const jobsSamples = {
  name: 'JobsRepo',
  create: createJobsRepo,
  methods: {
    enqueue: [{ args: ['ingest', { file_seq: 7 }, NOW], answers: [[{ id: 1 }]] }],
    enqueueUnlessLive: [
      { label: 'unless one is live', args: ['reingest', { all: true }, NOW], answers: [[{ id: 1 }]] },
    ],
    claim: [['worker-1', NOW, 60_000]],
    renew: [[1, 'worker-1', 60_000]],
    advance: [[1, 'worker-1', 'index', NOW, 60_000]],
    finish: [[1, 'worker-1', NOW]],
    handBack: [[1, 'worker-1', 'index', NOW]],
    retryLater: [[1, 'worker-1', 'store away', LATER, NOW]],
    fail: [[1, 'worker-1', 'unreadable', NOW]],
    countByState: [[]],
    forgetDone: [['digests', EARLIER]],
  },
} satisfies SamplesOf<typeof createJobsRepo>;
