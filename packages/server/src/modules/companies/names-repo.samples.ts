import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createCompanyNamesRepo } from './names-repo.js';

export const companyNamesSamples = {
  name: 'CompanyNamesRepo',
  create: createCompanyNamesRepo,
  methods: {
    all: [[]],
    stamp: [[]],
    setByConsole: [
      [
        '0700.HK',
        [
          { name: 'Penguin', hidden: false },
          { name: '腾讯', hidden: true },
        ],
        NOW,
      ],
    ],
  },
} satisfies SamplesOf<typeof createCompanyNamesRepo>;
