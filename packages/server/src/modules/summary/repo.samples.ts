import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createSummaryRepo } from './repo.js';

export const summarySamples = {
  name: 'SummaryRepo',
  create: createSummaryRepo,
  methods: {
    store: [
      [
        7,
        {
          standard: 'Copper rose.',
          compact: 'Copper up.',
          kind: 'extractive',
          translations: { 'zh-hans': '铜价上涨。' },
        },
        NOW,
      ],
    ],
    claimRun: [[7, 'runner-1', 60_000]],
    renewRun: [[7, 'runner-1', 60_000]],
    releaseRun: [[7, 'runner-1']],
    runLive: [[7]],
    lockOwed: [[]],
    owed: [[]],
  },
} satisfies SamplesOf<typeof createSummaryRepo>;
