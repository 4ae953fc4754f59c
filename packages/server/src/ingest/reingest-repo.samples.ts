import type { SamplesOf } from '../../test/sql/sample-types.js';
import { createReingestRepo } from './reingest-repo.js';

export const reingestSamples = {
  name: 'ReingestRepo',
  create: createReingestRepo,
  methods: {
    anyOutdated: [[]],
    nextBatch: [
      { label: 'every ready file', args: [0, 50, true] },
      { label: 'those an older reading read', args: [0, 50, false] },
    ],
    markCurrent: [[7]],
    progress: [
      {
        label: 'a walk under way',
        args: [],
        answers: [[{ total: 10, outdated: 4 }], [{ step: 'after:7' }], [{ n: 6 }]],
      },
    ],
  },
} satisfies SamplesOf<typeof createReingestRepo>;
