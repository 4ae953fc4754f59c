import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createCompaniesRepo } from './repo.js';

export const companiesSamples = {
  name: 'CompaniesRepo',
  create: createCompaniesRepo,
  methods: {
    find: [
      { label: 'nothing typed', args: [{ exact: [], codes: [] }, '', 10] },
      {
        label: 'a ticker, a bare code and a name',
        args: [{ exact: ['AAPL.US'], codes: ['AAPL'] }, 'apple', 10],
      },
    ],
    names: [[['AAPL.US', '0700.HK']]],
    notes: [['AAPL.US']],
  },
} satisfies SamplesOf<typeof createCompaniesRepo>;
