import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createAdminUsersRepo } from './users-repo.js';

export const adminUsersSamples = {
  name: 'AdminUsersRepo',
  create: createAdminUsersRepo,
  methods: {
    touch: [['u_1', NOW]],
    update: [{ args: ['u_1', { status: 'disabled', updated_time: NOW }], answers: [[{ id: 'u_1' }]] }],
    privateFileIds: [['u_1']],
    dropLibrary: [['u_1']],
    dropAccountRows: [
      [{ id: 'u_1', email: 'reader@example.com', phone: '13800000000', phone_country_code: '86' }],
    ],
    anonymiseTraces: [['u_1', 'deleted-user']],
  },
} satisfies SamplesOf<typeof createAdminUsersRepo>;
