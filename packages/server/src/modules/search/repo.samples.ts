import type { SearchFilter } from '@rl/contract';
import { SAMPLE_TEXT } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import type { ParsedQuery } from './fts-query.js';
import { createSearchRepo, type SearchQuery } from './repo.js';

const NOTHING: ParsedQuery = { terms: [] };
const COPPER: ParsedQuery = { terms: [{ tokens: ['copper'], prefix: false }] };
/** Two words, the last being typed: ranked on the champion lists, its completions read. */
const COMMON: ParsedQuery = {
  terms: [
    { tokens: ['copper'], prefix: false },
    { tokens: ['sup'], prefix: true },
  ],
};
/** A phrase: ranked on the lists of its words, then checked in the text. */
const PHRASE: ParsedQuery = { terms: [{ tokens: ['interest', 'rate'], prefix: false, quoted: true }] };
/** A term the glossary widened to its Chinese form (cross-lingual.ts). */
const WIDENED: ParsedQuery = { terms: [{ tokens: ['copper'], prefix: false, equivalents: [['铜']] }] };

const FILTER: SearchFilter = {
  issuer: 'Example Securities, Other Bank',
  author: 'analyst',
  from_date: '2026-01-01',
  to_date: '2026-03-01',
  asset_class: 'Commodities',
  country: 'UK',
  language: ['en', 'zh'],
  tags: ['metals'],
  min_page: 2,
  max_page: 50,
  report_type: ['company'],
  rating: ['buy'],
  rating_action: ['upgrade'],
  sector: ['banks'],
  ticker: 'AAPL.US',
};

const query = (q: Partial<SearchQuery>): SearchQuery => ({
  parsed: NOTHING,
  titleOnly: false,
  filter: {},
  sorting: 'relevance',
  limit: 20,
  offset: 0,
  ...q,
});

export const searchSamples = {
  name: 'SearchRepo',
  create: createSearchRepo,
  methods: {
    generation: [[]],
    search: [
      { label: 'the landing list, the generation read first', args: [query({ sorting: 'date_desc' })] },
      {
        label: 'every filter, no keyword, my uploads merged by date',
        args: [query({ filter: FILTER, sorting: 'date_desc', ownerId: 'u_1' }), 'g1'],
        answers: [[{ n: 100 }], [{ n: 3 }]],
      },
      {
        label: 'a keyword, oldest first',
        args: [query({ parsed: COPPER, sorting: 'date_asc' }), 'g1'],
        answers: [[{ n: 10 }]],
      },
      {
        label: 'a keyword by date, my uploads merged',
        args: [query({ parsed: COPPER, sorting: 'date_desc', ownerId: 'u_1' }), 'g1'],
        answers: [[{ n: 10 }], [{ n: 2 }]],
      },
      {
        label: 'a rare keyword by relevance, filtered: ranked exactly',
        args: [query({ parsed: COPPER, filter: { issuer: 'Example Securities' } }), 'g1'],
        answers: [[{ n: 10 }], [{ seq: 7 }]],
      },
      {
        label: 'a keyword in titles by relevance',
        args: [query({ parsed: COPPER, titleOnly: true }), 'g1'],
        answers: [[{ n: 10 }]],
      },
      {
        label: 'common words by relevance: the champion lists, exact ranking when they fall short',
        args: [query({ parsed: COMMON }), 'g1'],
        answers: [[{ n: 5000 }]],
      },
      {
        label: 'a common phrase by relevance: its words’ lists, exact ranking when they fall short',
        args: [query({ parsed: PHRASE }), 'g1'],
        answers: [[{ n: 5000 }]],
      },
      {
        label: 'a widened keyword by relevance: matches as typed first, then the other language’s',
        args: [query({ parsed: WIDENED }), 'g1'],
        answers: [[{ n: 10 }], [{ n: 4 }], [{ seq: 7 }]],
      },
    ],
    facets: [
      { label: 'no keyword', args: [{ parsed: NOTHING, titleOnly: false, filter: {} }] },
      {
        label: 'a keyword in titles, filtered',
        args: [{ parsed: COPPER, titleOnly: true, filter: { rating: ['buy'], sector: ['banks'] } }],
      },
    ],
    viewerState: [['u_1']],
    privateRanked: [[query({ parsed: COPPER, filter: { language: ['en'] } }), 'u_1']],
    privateRows: [[[7, 8]]],
    index: [
      { label: 'a public file', args: [7, SAMPLE_TEXT, 'library'] },
      { label: 'a private upload', args: [7, SAMPLE_TEXT, 'private'] },
    ],
    // On SQLite, the delete of its printed text tells that it was indexed (the generation then moves).
    unindex: [
      { label: 'an indexed file', args: [7], answers: { sqlite: [undefined, { numAffectedRows: 1n }] } },
    ],
    indexed: [[7]],
  },
} satisfies SamplesOf<typeof createSearchRepo>;
