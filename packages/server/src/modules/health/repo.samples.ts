import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createHealthRepo } from './repo.js';

export const healthSamples = {
  name: 'HealthRepo',
  create: createHealthRepo,
  methods: {
    ping: [[]],
    jobBacklog: [{ args: [NOW], answers: [[{ queued: 0, running: 0, failed: 0, oldest_due_at: null }]] }],
  },
} satisfies SamplesOf<typeof createHealthRepo>;
