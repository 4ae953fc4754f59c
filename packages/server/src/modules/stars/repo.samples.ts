import { NOW, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createStarsRepo } from './repo.js';

export const starsSamples = {
  name: 'StarsRepo',
  create: createStarsRepo,
  methods: {
    isStarred: [['u_1', 7]],
    add: [{ label: 'a new star', args: ['u_1', 7, NOW], answers: [{ numAffectedRows: 1n }] }],
    remove: [{ label: 'a star that was there', args: ['u_1', 7], answers: [{ numAffectedRows: 1n }] }],
    page: [
      { label: 'no filter', args: ['u_1', {}, WINDOW] },
      {
        label: 'issuer and dates',
        args: [
          'u_1',
          { issuer: 'Example Securities', from_date: '2026-01-01', to_date: '2026-02-28' },
          WINDOW,
        ],
      },
    ],
    issuers: [['u_1']],
  },
} satisfies SamplesOf<typeof createStarsRepo>;
