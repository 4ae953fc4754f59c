import { sql } from 'kysely';
import { fullTextEngineOf } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import type { Db } from '../../db/database.js';
import { createListRows } from './list-rows.js';
import { filesWhere } from '../files/visibility.js';

const createRows = (db: Db) => createListRows(db, fullTextEngineOf(db));
const FROM = sql`FROM files f WHERE ${filesWhere('f').ready}`;
const ORDER = sql`f.publish_date DESC NULLS LAST, f.seq DESC`;

export const listRowsSamples = {
  name: 'ListRows',
  create: createRows,
  methods: {
    rows: [
      { label: 'without the text', args: [[7, 8], false] },
      { label: 'with the text of private uploads', args: [[7, 8], true, 'private_fts'] },
    ],
    pageInOrder: [
      { label: 'without the text', args: [FROM, ORDER, { limit: 20, offset: 40 }, false] },
      { label: 'with the text', args: [FROM, ORDER, { limit: 20, offset: 40 }, true] },
    ],
  },
} satisfies SamplesOf<typeof createRows>;
