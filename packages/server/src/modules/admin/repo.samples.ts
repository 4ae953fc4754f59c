import { EARLIER, LATER, NOW, PAGE_ANSWERS, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createAdminRepo } from './repo.js';

const PERIODS = ['2026-03', '2026-03-01', 'total'];

export const adminSamples = {
  name: 'AdminRepo',
  create: createAdminRepo,
  methods: {
    createSession: [[{ token_hash: 'hash', admin_id: 'u_admin', now: NOW, expires_at: LATER }]],
    recordLogin: [['u_admin', NOW]],
    activeSession: [['hash', NOW, EARLIER]],
    revokeSession: [['hash', NOW]],
    touchSession: [['hash', NOW]],
    userById: [['u_1']],
    listUsers: [
      { label: 'no filter', args: [{}, WINDOW], answers: PAGE_ANSWERS },
      {
        label: 'keyword, level and status',
        args: [{ keyword: 'ann', user_level: 'pro', status: 'active' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
      { label: 'deleted accounts', args: [{ status: 'deleted' }, WINDOW], answers: PAGE_ANSWERS },
    ],
    setLevel: [{ args: ['u_1', 'pro', LATER, NOW], answers: [[{ id: 'u_1' }]] }],
    usage: [['u_1', PERIODS]],
    resetUsage: [['u_1', PERIODS]],
    auditPage: [
      { label: 'all', args: [{}, WINDOW], answers: PAGE_ANSWERS },
      {
        label: 'one action on one target',
        args: [{ action: 'file.edit', target_id: 'f_sample' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
    ],
    actorRoles: [[['u_admin', 'u_1']]],
    reportTitles: [[['f_sample']]],
    complaintFiles: [[['d_sample']]],
    reportDeletions: [[['f_sample']]],
  },
} satisfies SamplesOf<typeof createAdminRepo>;
