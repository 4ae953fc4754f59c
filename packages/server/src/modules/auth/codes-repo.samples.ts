import { EARLIER, LATER, NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { createCodesRepo } from './codes-repo.js';

const TARGET = 'email:reader@example.com';

export const codesSamples = {
  name: 'CodesRepo',
  create: createCodesRepo,
  methods: {
    get: [[TARGET, 'login']],
    putUnlessSentAfter: [
      [{ target: TARGET, purpose: 'login', code_hash: 'hash', expires_at: LATER, sent_at: NOW }, EARLIER],
    ],
    takeTry: [[TARGET, 'login', NOW, 5]],
    spend: [[TARGET, 'login', 'hash']],
  },
} satisfies SamplesOf<typeof createCodesRepo>;
