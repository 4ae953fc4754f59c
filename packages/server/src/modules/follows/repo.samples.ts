import { NOW } from '../../../test/sql/sample-rows.js';
import type { SamplesOf } from '../../../test/sql/sample-types.js';
import type { FollowSpec } from './follow-targets.js';
import { createFollowsRepo } from './repo.js';

const COMPANY: FollowSpec = { kind: 'company', key: '0700.HK', label: 'Tencent', search: null };
const SEARCH: FollowSpec = {
  kind: 'search',
  key: '{"filter":{"sector":["software"]},"keyword":"copper"}',
  label: 'copper',
  search: { keyword: 'copper', filter: { sector: ['software'] } },
};

export const followsSamples = {
  name: 'FollowsRepo',
  create: createFollowsRepo,
  methods: {
    list: [['u_1']],
    byId: [['u_1', 'f_1']],
    add: [
      {
        label: 'a company',
        args: ['u_1', 'f_1', COMPANY, [], NOW, 5],
        answers: {
          sqlite: [
            undefined,
            [{ n: 0 }],
            [
              {
                id: 'f_1',
                user_id: 'u_1',
                kind: 'company',
                key: '0700.HK',
                label: 'Tencent',
                search: null,
                paused: 0,
                created_at: NOW,
              },
            ],
          ],
          postgres: [
            undefined,
            undefined,
            [{ n: 0 }],
            [
              {
                id: 'f_1',
                user_id: 'u_1',
                kind: 'company',
                key: '0700.HK',
                label: 'Tencent',
                search: null,
                paused: 0,
                created_at: NOW,
              },
            ],
          ],
        },
      },
      {
        label: 'a saved search',
        args: ['u_1', 'f_2', SEARCH, ['copper'], NOW, 5],
        answers: {
          sqlite: [
            undefined,
            [{ n: 0 }],
            [
              {
                id: 'f_1',
                user_id: 'u_1',
                kind: 'company',
                key: '0700.HK',
                label: 'Tencent',
                search: null,
                paused: 0,
                created_at: NOW,
              },
            ],
          ],
          postgres: [
            undefined,
            undefined,
            [{ n: 0 }],
            [
              {
                id: 'f_1',
                user_id: 'u_1',
                kind: 'company',
                key: '0700.HK',
                label: 'Tencent',
                search: null,
                paused: 0,
                created_at: NOW,
              },
            ],
          ],
        },
      },
      {
        label: 'over the limit',
        args: ['u_1', 'f_3', COMPANY, [], NOW, 5],
        answers: { sqlite: [undefined, [{ n: 5 }]], postgres: [undefined, undefined, [{ n: 5 }]] },
      },
    ],
    update: [
      { label: 'rename', args: ['u_1', 'f_1', { label: 'Tencent Holdings' }] },
      { label: 'pause', args: ['u_1', 'f_1', { paused: true }] },
    ],
    remove: [
      { label: 'by id', args: ['u_1', { id: 'f_1' }] },
      { label: 'by target', args: ['u_1', { kind: 'issuer', key: 'example securities' }] },
    ],
    following: [
      {
        label: 'a library report',
        args: [
          { company: ['0700.HK'], issuer: ['example securities'], sector: ['tech'], analyst: ['jane doe'] },
          null,
        ],
      },
      {
        label: 'a private upload',
        args: [{ company: ['0700.HK'], issuer: [], sector: [], analyst: [] }, 'u_1'],
      },
    ],
    searchesUnder: [
      { label: 'a library report', args: [['copper', 'ticker:0700.HK', '*'], null] },
      { label: 'a private upload', args: [['copper'], 'u_1'] },
    ],
    passingFilters: [
      { label: 'no filter', args: [7, [{}]] },
      {
        label: 'two filters, one twice',
        args: [
          7,
          [
            { sector: ['software'], from_date: '2026-01-01' },
            {},
            { language: ['en'] },
            { sector: ['software'], from_date: '2026-01-01' },
          ],
        ],
        answers: [[{ p0: 1, p1: 0 }]],
      },
    ],
  },
} satisfies SamplesOf<typeof createFollowsRepo>;
