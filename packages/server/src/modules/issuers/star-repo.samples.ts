import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createIssuerStarsRepo } from './star-repo.js';

export const issuerStarsSamples = {
  name: 'IssuerStarsRepo',
  create: createIssuerStarsRepo,
  methods: {
    add: [
      {
        label: 'not starred yet, below the limit',
        args: ['u_1', 'Example Securities', NOW, 50],
        // The count comes after PostgreSQL's advisory lock and the check that it is not starred.
        answers: { sqlite: [undefined, [{ n: 0 }]], postgres: [undefined, undefined, [{ n: 0 }]] },
      },
    ],
    remove: [['u_1', 'Example Securities']],
    list: [
      { label: 'all', args: ['u_1'] },
      { label: 'containing', args: ['u_1', 'secur'] },
    ],
  },
} satisfies SamplesOf<typeof createIssuerStarsRepo>;
