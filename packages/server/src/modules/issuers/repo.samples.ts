import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createIssuersRepo } from './repo.js';

export const issuersSamples = {
  name: 'IssuersRepo',
  create: createIssuersRepo,
  methods: {
    issuers: [
      { label: 'by name, containing', args: [{ contains: 'secur', orderBy: 'name', limit: 50 }] },
      { label: 'by popularity', args: [{ orderBy: 'popularity', limit: 50 }] },
    ],
    tags: [['met', 20]],
  },
} satisfies SamplesOf<typeof createIssuersRepo>;
