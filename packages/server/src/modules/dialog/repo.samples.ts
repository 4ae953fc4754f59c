import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createDialogRepo } from './repo.js';

export const dialogSamples = {
  name: 'DialogRepo',
  create: createDialogRepo,
  methods: {
    history: [['u_1', 'f_sample']],
    recentExchanges: [['u_1', 'f_sample', 3]],
    saveExchange: [
      [
        {
          userId: 'u_1',
          fileId: 'f_sample',
          question: 'What moved copper?',
          answer: 'Tight supply.',
          citations: [{ page: 1, text: 'Copper prices rose on tight supply.' }],
          usage: { input_tokens: 100, output_tokens: 20 },
        },
        NOW,
      ],
    ],
  },
} satisfies SamplesOf<typeof createDialogRepo>;
