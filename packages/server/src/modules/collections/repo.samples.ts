import { NOW, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createCollectionsRepo } from './repo.js';

export const collectionsSamples = {
  name: 'CollectionsRepo',
  create: createCollectionsRepo,
  methods: {
    list: [['u_1']],
    byId: [['u_1', 'c_1']],
    create: [
      {
        label: 'below the limit',
        args: [{ id: 'c_1', user_id: 'u_1', name: 'Metals', created_at: NOW, updated_at: NOW }, 50],
        // The count follows PostgreSQL's advisory lock.
        answers: { sqlite: [[{ n: 0 }]], postgres: [undefined, [{ n: 0 }]] },
      },
    ],
    rename: [['u_1', 'c_1', 'Base metals', NOW]],
    delete: [['u_1', 'c_1']],
    addFile: [['u_1', 'c_1', 7, NOW, 500]],
    removeFile: [
      { label: 'a file that was there', args: ['c_1', 7, NOW], answers: [{ numAffectedRows: 1n }] },
    ],
    files: [['u_1', 'c_1', WINDOW]],
    containing: [['u_1', 7]],
  },
} satisfies SamplesOf<typeof createCollectionsRepo>;
