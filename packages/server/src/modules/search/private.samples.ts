import { sql } from 'kysely';
import { fullTextEngineOf } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import type { Db } from '../../db/database.js';
import { createPrivateSearch } from './private.js';

const createPrivate = (db: Db) => createPrivateSearch(db, fullTextEngineOf(db));
const MATCH = '"copper"';
const WHERE = sql`f.language IN ('en')`;

export const privateSearchSamples = {
  name: 'PrivateSearch',
  create: createPrivate,
  methods: {
    hasSql: [['u_1']],
    arm: [
      { label: 'no keyword', args: ['u_1', null, null] },
      { label: 'a keyword, filtered', args: ['u_1', MATCH, WHERE] },
    ],
    count: [
      { label: 'no keyword', args: ['u_1', null, null] },
      { label: 'a keyword, filtered', args: ['u_1', MATCH, WHERE] },
    ],
    ranked: [['u_1', { terms: [{ tokens: ['copper'], prefix: false }] }, MATCH, null]],
  },
} satisfies SamplesOf<typeof createPrivate>;
