import { describe, expect, it } from 'vitest';
import { presentFileInfo, type FileRow } from './presenter.js';

const row = (over: Partial<FileRow> = {}): FileRow => ({
  seq: 1,
  id: 'f_1',
  sha256: 'a'.repeat(64),
  file_name: 'report.pdf',
  file_type: 'pdf',
  size_bytes: 1000,
  status: 'ready',
  fail_code: null,
  fail_reason: null,
  visibility: 'public',
  owner_id: null,
  upload_user: null,
  source: 'import',
  upload_time: '2026-11-21T10:00:00.000Z',
  updated_time: '2026-11-21T10:00:00.000Z',
  title: 'Copper outlook',
  issuer: 'Northbridge Securities',
  authors: '["Jane Doe"]',
  tags: '["copper"]',
  keywords: '[]',
  stock_information: '[]',
  geographic_region: '[]',
  publish_date: '2024-01-15',
  asset_class: 'Commodities',
  country: 'China',
  language: 'en',
  page_count: 3,
  summary: 'Copper demand rose sharply. Smelters raised charges. Inventories fell.',
  summary_compact: 'Copper demand rose sharply.',
  multi_language_summary: '{}',
  summary_kind: 'extractive',
  summarised_at: '2026-11-21T10:00:00.000Z',
  summary_run_by: null,
  summary_run_until: null,
  views: 0,
  stars: 0,
  taken_down_at: null,
  text_bytes: 0,
  sector: null,
  rating: null,
  rating_action: null,
  research_confirmed_at: null,
  industry_rating: null,
  industry_rating_normalised: null,
  industry_rating_action: null,
  mentioned_companies: '[]',
  fact_sources: '{}',
  report_type: 'industry',
  author_registrations: '{"Jane Doe":"S0000000000001"}',
  corrected_fields: '[]',
  reading_version: 1,
  ...over,
});

const present = (r: FileRow, translation?: Parameters<typeof presentFileInfo>[1]['translation']) =>
  presentFileInfo(r, { fileUrl: '/api/file/stream/f_1', permission: ['read'], translation });

describe('presentFileInfo', () => {
  it('answers both forms of the summary in meta', () => {
    const info = present(row());
    expect(info.meta.summary).toBe('Copper demand rose sharply. Smelters raised charges. Inventories fell.');
    expect(info.meta.summary_compact).toBe('Copper demand rose sharply.');
    expect(present(row({ summary: '', summary_compact: '' })).meta.summary_compact).toBe('');
  });

  it('lists zh-hans among the languages only once the shared translation is finished', () => {
    expect(present(row()).multi_language).toEqual(['en']);
    expect(present(row(), { status: 'not_started', url: null }).multi_language).toEqual(['en']);
    expect(present(row(), { status: 'pending', url: null }).multi_language).toEqual(['en']);
    expect(present(row(), { status: 'failed', url: null }).multi_language).toEqual(['en']);
    // Finished but no PDF to point to (a blob missing): nothing to read in Chinese.
    expect(present(row(), { status: 'finish', url: null }).multi_language).toEqual(['en']);
    const done = present(row(), { status: 'finish', url: '/api/file/stream/f_1?v=zh-hans' });
    expect(done.multi_language).toEqual(['en', 'zh-hans']);
    expect(done.multi_language_encrypted_file_url).toEqual({ 'zh-hans': '/api/file/stream/f_1?v=zh-hans' });
    const zh = present(row({ language: 'zh' }), { status: 'finish', url: '/api/file/stream/f_1?v=zh-hans' });
    expect(zh.multi_language).toEqual(['zh', 'zh-hans']);
  });
});
