import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createIssuerStarsRepo } from './star-repo.js';

export const issuerStarsSamples = {
  name: 'IssuerStarsRepo',
  create: createIssuerStarsRepo,
  methods: {
    list: [
      { label: 'all', args: ['u_1'] },
      { label: 'containing', args: ['u_1', 'secur'] },
    ],
  },
} satisfies SamplesOf<typeof createIssuerStarsRepo>;
