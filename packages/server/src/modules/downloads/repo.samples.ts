import { NOW, PAGE_ANSWERS, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createDownloadsRepo } from './repo.js';

export const downloadsSamples = {
  name: 'DownloadsRepo',
  create: createDownloadsRepo,
  methods: {
    record: [
      [
        {
          user_id: 'u_1',
          username: 'reader',
          file_id: 'f_sample',
          file_name: 'copper-outlook.pdf',
          size_bytes: 120_000,
          ip: '192.0.2.1',
          created_at: NOW,
        },
      ],
    ],
    page: [{ args: ['u_1', WINDOW], answers: PAGE_ANSWERS }],
  },
} satisfies SamplesOf<typeof createDownloadsRepo>;
