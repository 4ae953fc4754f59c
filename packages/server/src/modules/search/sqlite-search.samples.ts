import { SAMPLE_TEXT } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import { sqliteFullText } from './sqlite-search.js';

const MATCH = `"copper"`;

/** The full-text engine of SQLite: it runs on that dialect only. */
export const sqliteFullTextSamples = {
  name: 'SqliteFullText',
  create: sqliteFullText,
  dialects: ['sqlite'],
  methods: {
    compile: [[{ terms: [{ tokens: ['copper'], prefix: false }] }, 'title']],
    excluding: [[MATCH, `"copper" *`]],
    matches: [['files_fts', MATCH]],
    alsoMatches: [['private_fts', MATCH]],
    score: [['files_fts', MATCH]],
    texts: [['files_fts']],
    replace: [['files_fts', 7, { printed: SAMPLE_TEXT, folded: SAMPLE_TEXT }]],
    remove: [
      { label: 'a file that was indexed', args: [7], answers: [undefined, { numAffectedRows: 1n }] },
      { label: 'one that was not', args: [7] },
    ],
  },
} satisfies SamplesOf<typeof sqliteFullText>;
