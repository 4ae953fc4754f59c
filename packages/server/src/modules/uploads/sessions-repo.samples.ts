import { LATER, NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createUploadSessionsRepo } from './sessions-repo.js';

export const uploadSessionsSamples = {
  name: 'UploadSessionsRepo',
  create: createUploadSessionsRepo,
  methods: {
    insertWithin: [
      [
        {
          id: 'up_1',
          user_id: 'u_1',
          file_name: 'copper-outlook.pdf',
          size_bytes: 120_000,
          chunk_size: 65_536,
          created_at: NOW,
          updated_at: NOW,
          expires_at: LATER,
        },
        { maxSessions: 3, maxFiles: 100, maxBytes: 1_000_000_000 },
        NOW,
      ],
    ],
    owned: [['up_1', 'u_1']],
    claim: [
      { label: 'any offset', args: ['up_1', 'claim-1', 30_000] },
      { label: 'at an offset', args: ['up_1', 'claim-1', 30_000, 65_536] },
    ],
    advance: [['up_1', 'claim-1', 0, 65_536, NOW, LATER]],
    release: [['up_1', 'claim-1']],
    removeUnclaimed: [['up_1']],
    remove: [['up_1']],
    removeExpired: [[NOW]],
    exists: [['up_1']],
  },
} satisfies SamplesOf<typeof createUploadSessionsRepo>;
