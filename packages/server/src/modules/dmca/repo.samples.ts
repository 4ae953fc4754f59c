import { NOW, PAGE_ANSWERS, WINDOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createDmcaRepo } from './repo.js';

const CONFIRMED = JSON.stringify({ good_faith: true });

export const dmcaSamples = {
  name: 'DmcaRepo',
  create: createDmcaRepo,
  methods: {
    insert: [
      [
        {
          id: 'd_1',
          status: 'received',
          first_name: 'Ann',
          last_name: 'Holder',
          address: '1 Street',
          copyright_holder: 'Holder Ltd',
          city: 'City',
          state: 'State',
          country: 'UK',
          zip_code: '00000',
          phone: '0000',
          email: 'holder@example.com',
          filename: 'copper-outlook.pdf',
          description: 'Our report.',
          signature: 'Ann Holder',
          confirmations: CONFIRMED,
          file_id: 'f_sample',
          ip: '192.0.2.1',
          handled_by: null,
          created_at: NOW,
          updated_at: NOW,
        },
      ],
    ],
    byId: [['d_1']],
    filesReferenced: [
      { label: 'by id', args: [{ ids: ['f_sample'], names: ['copper-outlook.pdf'] }] },
      { label: 'by name', args: [{ ids: [], names: ['copper-outlook.pdf', 'Copper outlook'] }] },
    ],
    lock: [['d_1']],
    page: [
      { label: 'all', args: [{}, WINDOW], answers: PAGE_ANSWERS },
      {
        label: 'status, file and keyword',
        args: [{ status: 'received', file_id: 'f_sample', keyword: 'holder' }, WINDOW],
        answers: PAGE_ANSWERS,
      },
    ],
    counterNoticesOf: [[['d_1', 'd_2']]],
    insertCounterNotice: [
      [
        {
          id: 'n_1',
          complaint_id: 'd_1',
          file_id: 'f_sample',
          user_id: 'u_owner',
          status: 'received',
          full_name: 'Owner',
          address: '2 Street',
          city: 'City',
          country: 'UK',
          zip_code: '00000',
          phone: '0000',
          email: 'owner@example.com',
          statement: 'It is mine.',
          signature: 'Owner',
          confirmations: CONFIRMED,
          handled_by: null,
          created_at: NOW,
          updated_at: NOW,
        },
      ],
    ],
    lockedCounterNotice: [['n_1']],
    updateCounterNotice: [['n_1', { status: 'forwarded', notes: '', handled_by: 'admin', updated_at: NOW }]],
    update: [
      ['d_1', { status: 'accepted', notes: '', file_id: 'f_sample', handled_by: 'admin', updated_at: NOW }],
    ],
    file: [['f_sample']],
    lockedFile: [['f_sample']],
    countOnFile: [{ args: ['f_sample', ['accepted', 'counter_notice']], answers: [[{ n: 0 }]] }],
    setTakenDown: [
      { label: 'take down', args: ['f_sample', NOW] },
      { label: 'restore', args: ['f_sample', null] },
    ],
  },
} satisfies SamplesOf<typeof createDmcaRepo>;
