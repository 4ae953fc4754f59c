import { NOW, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createInboxRepo } from './inbox-repo.js';

export const inboxSamples = {
  name: 'InboxRepo',
  create: createInboxRepo,
  methods: {
    deliver: [
      {
        label: 'new to one inbox, matched again in two others',
        args: [
          7,
          new Map([
            ['u_1', ['f_1', 'f_2']],
            ['u_2', ['f_3', 'f_4']],
            ['u_3', ['f_5', 'f_6']],
          ]),
          NOW,
        ],
        answers: [
          [
            { user_id: 'u_2', follow_ids: '["f_3"]' },
            { user_id: 'u_3', follow_ids: '["f_5"]' },
          ],
        ],
      },
    ],
    page: [
      { label: 'everything', args: ['u_1', false, WINDOW] },
      { label: 'unread only', args: ['u_1', true, WINDOW] },
    ],
    unread: [['u_1']],
    markRead: [
      { label: 'some reports', args: ['u_1', ['AAAAAAAAAAAAAAAA'], NOW] },
      { label: 'all', args: ['u_1', 'all', NOW] },
    ],
  },
} satisfies SamplesOf<typeof createInboxRepo>;
