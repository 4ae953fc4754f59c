import { SAMPLE_TEXT } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { postgresFullText } from './postgres-search.js';

const MATCH = `'copper'`;

/** The full-text engine of PostgreSQL: it runs on that dialect only. */
export const postgresFullTextSamples = {
  name: 'PostgresFullText',
  create: postgresFullText,
  dialects: ['postgres'],
  methods: {
    compile: [[{ terms: [{ tokens: ['copper'], prefix: false }] }, 'title']],
    excluding: [[MATCH, `'copper':*`]],
    matches: [['files_fts', MATCH]],
    alsoMatches: [['private_fts', MATCH]],
    score: [['files_fts', MATCH]],
    texts: [['files_fts']],
    replace: [['files_fts', 7, { printed: SAMPLE_TEXT, folded: SAMPLE_TEXT }]],
    remove: [[7]],
  },
} satisfies SamplesOf<typeof postgresFullText>;
