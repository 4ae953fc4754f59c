import { EARLIER, LATER, NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createSessionsRepo } from './sessions-repo.js';

export const sessionsSamples = {
  name: 'SessionsRepo',
  create: createSessionsRepo,
  methods: {
    create: [[{ token_hash: 'hash', user_id: 'u_1', fingerprint: 'fp', now: NOW, expires_at: LATER }]],
    active: [['hash', NOW, EARLIER]],
    touch: [['hash', NOW]],
    revoke: [['hash', NOW]],
    revokeAll: [
      { label: 'every session', args: ['u_1', null, NOW] },
      { label: 'all but the caller’s', args: ['u_1', 'hash', NOW] },
    ],
    revokeConsole: [['u_1', NOW]],
    isKnownDevice: [['u_1', 'fp']],
    addDevice: [['u_1', 'fp', NOW]],
  },
} satisfies SamplesOf<typeof createSessionsRepo>;
