import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import type { GlossaryChange } from './effective.js';
import { createGlossaryRepo } from './repo.js';

const CHANGE: GlossaryChange = {
  id: 'g_1',
  builtin: null,
  entry: { zh: ['利率互换'], en: ['interest rate swap'], domain: 'rates' },
  removed: false,
  updatedAt: NOW,
  updatedBy: 'admin',
};

export const glossarySamples = {
  name: 'GlossaryRepo',
  create: createGlossaryRepo,
  methods: {
    version: [[]],
    bumpVersion: [[]],
    changes: [[]],
    put: [[CHANGE]],
    remove: [['g_1']],
  },
} satisfies SamplesOf<typeof createGlossaryRepo>;
