import { NOW, PAGE_ANSWERS, TAKEN_DOWN_FILE, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createMyFilesRepo } from './repo.js';

export const myFilesSamples = {
  name: 'MyFilesRepo',
  create: createMyFilesRepo,
  methods: {
    takedowns: [
      {
        label: 'a taken-down file with a complaint',
        args: [[TAKEN_DOWN_FILE]],
        answers: [[{ id: 'd_1', file_id: 'f_sample' }]],
      },
    ],
    page: [
      { label: 'every status', args: ['u_1', undefined, WINDOW], answers: PAGE_ANSWERS },
      { label: 'one status', args: ['u_1', 'ready', WINDOW], answers: PAGE_ANSWERS },
    ],
    owned: [['u_1', 'f_sample']],
    deleteOwned: [['u_1', 'f_sample']],
    touchOwned: [['u_1', 'f_sample', NOW]],
    unconfirmResearch: [[7]],
    setVisibility: [['u_1', 'f_sample', 'public', NOW]],
    inLibrary: [['0'.repeat(64), 7]],
  },
} satisfies SamplesOf<typeof createMyFilesRepo>;
