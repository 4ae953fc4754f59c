import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createSecurityCheckRepo } from './repo.js';

export const securityCheckSamples = {
  name: 'SecurityCheckRepo',
  create: createSecurityCheckRepo,
  methods: {
    spend: [['challenge-1', '2026-01-01T00:05:00.000Z']],
    prune: [['2026-01-01T00:00:00.000Z']],
  },
} satisfies SamplesOf<typeof createSecurityCheckRepo>;
