import { COUNT_ANSWER, EARLIER, NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createDashboardRepo } from './dashboard-repo.js';

export const dashboardSamples = {
  name: 'DashboardRepo',
  create: createDashboardRepo,
  methods: {
    users: [[NOW]],
    signupsSince: [[EARLIER]],
    uploadsSince: [[EARLIER]],
    downloadsSince: [[EARLIER]],
    files: [[]],
    jobs: [[]],
    storageBytes: [[]],
    openComplaints: [{ args: [['received', 'under_review']], answers: COUNT_ANSWER }],
    unhandledMessages: [{ args: [], answers: COUNT_ANSWER }],
  },
} satisfies SamplesOf<typeof createDashboardRepo>;
