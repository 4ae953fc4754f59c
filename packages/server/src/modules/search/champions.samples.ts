import { SAMPLE_TEXT } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { sql } from 'kysely';
import { createChampions } from './champions.js';

const idf = async () => 1.5;

export const championsSamples = {
  name: 'Champions',
  create: createChampions,
  methods: {
    rank: [
      {
        label: 'one word',
        args: [
          { terms: [{ tokens: ['copper'], prefix: false }] },
          idf,
          { depth: 20, limit: 20, where: null, generation: 'g1' },
        ],
      },
      {
        label: 'a word and a prefix with two completions, filtered',
        args: [
          {
            terms: [
              { tokens: ['copper'], prefix: false },
              { tokens: ['sup'], prefix: true },
            ],
          },
          idf,
          { depth: 4000, limit: 20, where: sql`f.issuer IN ('Example Securities')`, generation: 'g1' },
        ],
        answers: [[{ term: 'supply' }, { term: 'support' }]],
      },
    ],
    write: [[7, SAMPLE_TEXT]],
    remove: [[7]],
  },
} satisfies SamplesOf<typeof createChampions>;
