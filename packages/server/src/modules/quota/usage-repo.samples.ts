import { EARLIER, NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createUsageRepo, type UsageKey } from './usage-repo.js';

const KEY: UsageKey = { subject: 'u_1', type: 'download', period: '2026-03' };

export const usageSamples = {
  name: 'UsageRepo',
  create: createUsageRepo,
  methods: {
    counts: [
      [
        ['u_1', 'fp:abc'],
        ['2026-03', '2026-03-01', 'total'],
      ],
    ],
    incrementBelow: [[KEY, 10]],
    add: [[KEY, 3]],
    markFile: [[KEY, 'f_sample']],
    claimSearch: [['u_1', 'k:hash', NOW, EARLIER]],
    releaseSearch: [['u_1', 'k:hash', NOW]],
    recordSearch: [['u_1', 'hash', NOW]],
    searchRanSince: [['u_1', 'hash', EARLIER]],
    forgetSearchesBefore: [[EARLIER]],
  },
} satisfies SamplesOf<typeof createUsageRepo>;
