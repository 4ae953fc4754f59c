import { EARLIER, NOW, SAMPLE_META, STOCK_INFORMATION } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createFilesRepo, type NewFile } from './repo.js';

const UPLOAD: NewFile = {
  id: 'f_new',
  sha256: '2'.repeat(64),
  file_name: 'copper-outlook.pdf',
  size_bytes: 120_000,
  visibility: 'private',
  owner_id: 'u_1',
  upload_user: 'reader',
  source: 'upload',
};
const IMPORTED: NewFile = {
  ...UPLOAD,
  visibility: 'public',
  owner_id: null,
  upload_user: null,
  source: 'import',
};
const LIMITS = { maxFiles: 100, maxBytes: 1_000_000_000 };

export const filesSamples = {
  name: 'FilesRepo',
  create: createFilesRepo,
  methods: {
    lockScope: [
      { label: 'an owner’s uploads', args: ['u_1', '2'.repeat(64)] },
      { label: 'a content of the library', args: [null, '2'.repeat(64)] },
    ],
    byId: [['f_sample']],
    bySeq: [[7]],
    sameContent: [
      { label: 'the public library', args: ['2'.repeat(64), null] },
      { label: 'an owner’s uploads', args: ['2'.repeat(64), 'u_1'] },
    ],
    insert: [{ args: [UPLOAD, NOW], answers: [[{ seq: 8 }]] }],
    insertUnlessHeld: [
      { label: 'into the library', args: [IMPORTED, NOW, null] },
      { label: 'an upload within the plan', args: [UPLOAD, NOW, LIMITS] },
      { label: 'completing a chunked upload', args: [UPLOAD, NOW, { ...LIMITS, completing: 'up_1' }] },
    ],
    uploadRoom: [
      { label: 'all', args: ['u_1', NOW] },
      { label: 'but one chunked upload', args: ['u_1', NOW, 'up_1'] },
    ],
    heldUploads: [['u_1']],
    shaInUse: [['2'.repeat(64)]],
    savePages: [[7, ['Page one.', 'Page two.']]],
    pages: [[7]],
    saveMeta: [[7, { ...SAMPLE_META, reading_version: 3 }, ['metals', 'Copper'], NOW]],
    saveResearch: [[7, STOCK_INFORMATION, 'materials']],
    setStatus: [
      { label: 'ready', args: [7, 'ready', NOW] },
      {
        label: 'failed, with its reason',
        args: [7, 'failed', NOW, { code: 'unreadable', reason: 'No text.' }],
      },
    ],
    touch: [[7, NOW]],
    markReady: [[7, NOW]],
    addView: [
      { label: 'a new viewer today', args: [7, 'u_1', '2026-03-01'], answers: [{ numAffectedRows: 1n }] },
      { label: 'counted already today', args: [7, 'u_1', '2026-03-01'] },
    ],
    forgetViewDaysBefore: [[EARLIER.slice(0, 10)]],
    countByStatus: [[]],
    count: [{ args: [], answers: [[{ n: 0 }]] }],
  },
} satisfies SamplesOf<typeof createFilesRepo>;
