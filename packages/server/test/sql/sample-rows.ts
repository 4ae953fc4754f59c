import { DEFAULT_USER_SETTINGS } from '@rl/contract';
import type { Db } from '../../src/db/database.js';
import { dialectOf } from '../../src/db/dialect.js';
import type { PageWindow } from '../../src/db/paging.js';
import type { AdminRecord } from '../../src/modules/access/admin-record.js';
import type { AuditEntry } from '../../src/modules/audit/audit.js';
import type { FileRow } from '../../src/modules/files/presenter.js';
import type { FullTextEngine, IndexedText } from '../../src/modules/search/full-text.js';
import { postgresFullText } from '../../src/modules/search/postgres-search.js';
import { sqliteFullText } from '../../src/modules/search/sqlite-search.js';
import type { CannedAnswer } from './recording-db.js';
import type { SampleAnswers } from './sample-types.js';

/** Values the repositories' samples share. None of them reaches the SQL files (only placeholders do). */

export const NOW = '2026-03-01T12:00:00.000Z';
export const LATER = '2026-03-31T12:00:00.000Z';
export const EARLIER = '2026-02-01T12:00:00.000Z';

/** The third page of 20. */
export const WINDOW: PageWindow = { limit: 20, offset: 40 };

/** pageOf (db/paging.ts) reads the page, then counts with executeTakeFirstOrThrow: one row for it. */
export const PAGE_ANSWERS: SampleAnswers = [[], [{ n: 0 }]];

/** Answers by the place of their query (0: the first), for a call whose answered queries are far apart. */
export function answersAt(byPlace: Record<number, CannedAnswer>): (CannedAnswer | undefined)[] {
  const last = Math.max(...Object.keys(byPlace).map(Number));
  return Array.from({ length: last + 1 }, (_, i) => byPlace[i]);
}

/** One counted row, for a count read with executeTakeFirstOrThrow. */
export const COUNT_ANSWER: SampleAnswers = [[{ n: 0 }]];

export const SAMPLE_FILE: FileRow = {
  seq: 7,
  id: 'f_sample',
  sha256: '0'.repeat(64),
  file_name: 'copper-outlook.pdf',
  file_type: 'pdf',
  size_bytes: 120_000,
  status: 'ready',
  fail_code: null,
  fail_reason: null,
  visibility: 'public',
  owner_id: 'u_owner',
  upload_user: 'owner',
  source: 'upload',
  upload_time: EARLIER,
  updated_time: EARLIER,
  title: 'Copper outlook',
  issuer: 'Example Securities',
  authors: '["A. Analyst"]',
  tags: '["metals"]',
  keywords: '[]',
  stock_information: '[]',
  geographic_region: '[]',
  publish_date: '2026-02-01',
  asset_class: 'Commodities',
  country: null,
  language: 'en',
  page_count: 2,
  summary: '',
  summary_compact: '',
  multi_language_summary: '{}',
  summary_kind: null,
  summarised_at: null,
  summary_run_by: null,
  summary_run_until: null,
  views: 0,
  stars: 0,
  taken_down_at: null,
  text_bytes: 0,
  report_type: 'industry',
  author_registrations: '{}',
  corrected_fields: '[]',
  reading_version: 1,
  sector: null,
  rating: null,
  rating_action: null,
  research_confirmed_at: null,
  industry_rating: null,
  industry_rating_normalised: null,
  industry_rating_action: null,
  mentioned_companies: '[]',
  fact_sources: '{}',
};

export const TAKEN_DOWN_FILE: FileRow = { ...SAMPLE_FILE, taken_down_at: EARLIER };

/** A note's research data as stored: one company, so the company rows are written too. */
export const STOCK_INFORMATION = JSON.stringify([
  { ticker: 'AAPL.US', company_name: 'Apple', rating: 'Buy', rating_normalised: 'buy' },
]);

export const SAMPLE_META = {
  title: 'Copper outlook',
  issuer: 'Example Securities',
  authors: '["A. Analyst"]',
  tags: '["metals"]',
  keywords: '["copper"]',
  stock_information: STOCK_INFORMATION,
  geographic_region: '[]',
  publish_date: '2026-02-01',
  asset_class: 'Commodities',
  country: null,
  language: 'en',
  page_count: 2,
  report_type: 'company',
  author_registrations: '{}',
  sector: null,
} satisfies Partial<FileRow>;

export const SAMPLE_TEXT: IndexedText = {
  title: 'Copper outlook',
  meta: 'Example Securities A. Analyst metals',
  body: 'Copper prices rose on tight supply.',
};

export const SAMPLE_ADMIN: AdminRecord = {
  id: 'u_admin',
  username: 'admin',
  email: 'admin@example.com',
  phone: null,
  phone_country_code: null,
  status: 'active',
  role: ['admin'],
  user_level: 'pro',
  user_level_expire_time: null,
  settings: DEFAULT_USER_SETTINGS,
  device_check: false,
  created_time: EARLIER,
  updated_time: EARLIER,
  last_login_time: null,
};

export const AUDIT_ENTRY: AuditEntry = {
  action: 'file.edit',
  targetType: 'file',
  targetId: 'f_sample',
  before: { title: 'Copper' },
  after: { title: 'Copper outlook' },
};

/** The full-text engine of the database's dialect, as the search repository picks it. */
export const fullTextEngineOf = (db: Db): FullTextEngine =>
  dialectOf(db) === 'postgres' ? postgresFullText(db) : sqliteFullText(db);
