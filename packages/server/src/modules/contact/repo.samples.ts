import { NOW, PAGE_ANSWERS, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createContactRepo } from './repo.js';

export const contactSamples = {
  name: 'ContactRepo',
  create: createContactRepo,
  methods: {
    insert: [
      [
        {
          id: 'm_1',
          subject: 'Question',
          message: 'Hello',
          email: 'reader@example.com',
          user_id: null,
          username: null,
          ip: '192.0.2.1',
          created_at: NOW,
          updated_at: NOW,
        },
      ],
    ],
    byId: [['m_1']],
    page: [
      { label: 'all', args: [{}, WINDOW], answers: PAGE_ANSWERS },
      {
        label: 'unhandled, with a keyword',
        args: [{ handled: false, keyword: 'refund' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
    ],
    setHandled: [{ args: ['m_1', true, 'admin', NOW], answers: [[{ id: 'm_1' }]] }],
  },
} satisfies SamplesOf<typeof createContactRepo>;
