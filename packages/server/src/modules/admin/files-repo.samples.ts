import { NOW, PAGE_ANSWERS, SAMPLE_FILE, TAKEN_DOWN_FILE, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createAdminFilesRepo } from './files-repo.js';

export const adminFilesSamples = {
  name: 'AdminFilesRepo',
  create: createAdminFilesRepo,
  methods: {
    downloadCount: [{ args: ['f_sample'], answers: [[{ n: 0 }]] }],
    takedowns: [
      {
        label: 'a taken-down file with a complaint',
        args: [[TAKEN_DOWN_FILE]],
        answers: [[{ id: 'd_1', file_id: 'f_sample' }]],
      },
    ],
    page: [
      { label: 'no filter', args: [{}, { by: 'upload_time', order: 'desc' }, WINDOW], answers: PAGE_ANSWERS },
      {
        label: 'keyword, state, uploader, open complaints',
        args: [
          { keyword: 'copper', status: 'ready', visibility: 'public', uploader: 'reader', dmca: 'open' },
          { by: 'title', order: 'asc' },
          WINDOW,
        ],
        answers: PAGE_ANSWERS,
      },
      {
        label: 'taken down',
        args: [{ dmca: 'taken_down' }, { by: 'views', order: 'desc' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
      {
        label: 'no complaint',
        args: [{ dmca: 'none' }, { by: 'size_bytes', order: 'desc' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
    ],
    byId: [['f_sample']],
    touch: [['f_sample', NOW]],
    setVisibility: [[7, 'private', NOW]],
    confirmResearch: [
      { label: 'confirmed', args: [7, NOW] },
      { label: 'a claim again', args: [7, null] },
    ],
    dropFile: [{ label: 'a file that was there', args: ['f_sample'], answers: [[SAMPLE_FILE]] }],
    deletedBefore: [['f_sample']],
    downloads: [{ args: ['f_sample', WINDOW], answers: PAGE_ANSWERS }],
  },
} satisfies SamplesOf<typeof createAdminFilesRepo>;
