import { COUNT_ANSWER, EARLIER, LATER, NOW, PAGE_ANSWERS, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createDigestsRepo } from './repo.js';

const DUE = {
  user_id: 'u_1',
  period: 'd:2026-03-01',
  since: EARLIER,
  until: NOW,
  message_id: '<digest.d-2026-03-01.u_1@localhost>',
};

export const digestsSamples = {
  name: 'DigestsRepo',
  create: createDigestsRepo,
  methods: {
    candidates: [['', 500, NOW]],
    queue: [[[DUE], [{ user_id: 'u_1', due_at: LATER, basis: 'daily|Asia/Shanghai|pro|' }], NOW]],
    claim: [['worker-1', NOW, 300_000, 10]],
    anyDue: [[NOW]],
    hold: [[1, 'worker-1', 300_000]],
    sent: [[1, 'worker-1', 12, NOW]],
    skipped: [[1, 'worker-1', 'the digest was turned off', NOW]],
    retryLater: [[1, 'worker-1', '451 4.3.0 try again later', LATER, NOW]],
    fail: [[1, 'worker-1', '550 5.1.1 no such user', NOW]],
    items: [['u_1', EARLIER, NOW, 50]],
    itemCount: [['u_1', EARLIER, NOW]],
    lastOf: [['u_1']],
    page: [
      { label: 'failed ones', args: [{ state: 'failed' }, WINDOW], answers: PAGE_ANSWERS },
      { label: 'one user', args: [{ userId: 'u_1' }, WINDOW], answers: PAGE_ANSWERS },
    ],
    countByState: [{ args: ['failed'], answers: COUNT_ANSWER }],
  },
} satisfies SamplesOf<typeof createDigestsRepo>;
