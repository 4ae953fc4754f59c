import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createUsersRepo, type NewUser } from './repo.js';

const USER: NewUser = {
  username: 'reader',
  email: 'reader@example.com',
  phone: null,
  phone_country_code: null,
  password_hash: 'hash',
  user_level_expire_time: null,
  created_time: NOW,
  updated_time: NOW,
  last_login_time: null,
};

export const usersSamples = {
  name: 'UsersRepo',
  create: createUsersRepo,
  methods: {
    byId: [['u_1']],
    byUsername: [['reader']],
    byEmail: [['reader@example.com']],
    byPhone: [['13800000000']],
    insert: [{ args: [USER], answers: [[{ id: 'u_1' }]] }],
    insertUnlessTaken: [[USER]],
    update: [['u_1', { email: 'new@example.com', updated_time: NOW }]],
    setDigest: [['u_1', 'off', NOW]],
    count: [{ args: [], answers: [[{ n: 0 }]] }],
    addSubscription: [
      [
        {
          user_id: 'u_1',
          plan: 'pro',
          item_name: 'Pro, one month',
          price_cny: 30,
          purchase_time: NOW,
          expire_time: null,
        },
      ],
    ],
    subscriptions: [['u_1']],
  },
} satisfies SamplesOf<typeof createUsersRepo>;
