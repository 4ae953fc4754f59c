import type { FileInfo, FileListItem, SearchResponse, UserInfo } from '@rl/contract';

let counter = 0;

export function buildListItem(overrides: Partial<FileListItem> = {}): FileListItem {
  counter += 1;
  return {
    id: `file-${counter}`,
    file_name: `report-${counter}.pdf`,
    title: `Report ${counter}`,
    issuer: 'Acme Research',
    author: ['Ann Analyst'],
    tags: ['rates'],
    language: 'en',
    page_count: 12,
    publish_date: '2025-03-14',
    asset_class: 'Rates',
    country: 'U.S.',
    report_type: 'macro',
    sector: null,
    research: null,
    snippet: '',
    ...overrides,
  };
}

/** A page of results: `count` items out of `total`. */
export function buildSearchResponse(
  count: number,
  total: number,
  overrides: Partial<SearchResponse> = {},
): SearchResponse {
  return {
    file_list: Array.from({ length: count }, () => buildListItem()),
    total_items: total,
    page_id: 1,
    page_length: 20,
    sorting: 'date_desc',
    ...overrides,
  };
}

export function buildFileInfo(overrides: Partial<FileInfo> = {}): FileInfo {
  counter += 1;
  return {
    id: `file-${counter}`,
    file_name: `report-${counter}.pdf`,
    file_type: 'pdf',
    status: 'ready',
    updated_time: '2025-03-14T08:00:00Z',
    upload_user: null,
    upload_time: '2025-03-14T08:00:00Z',
    owner_id: null,
    visibility: 'public',
    file_token: 'abc123',
    encrypted_file_url: `/files/${counter}.pdf?sig=x`,
    permission: ['read'],
    page_count: 30,
    size_bytes: 120_000,
    tags: ['rates', 'fed'],
    views: 3,
    meta: {
      summary: 'Rates are expected to fall. Inflation is cooling. The curve steepens.',
      summary_compact: 'Rates are expected to fall.',
      author: ['Ann Analyst', 'Bo Chen'],
      keywords: ['rates', 'inflation'],
      issuer: 'Acme Research',
      stock_information: [],
      publish_date: '2025-03-14',
      document_title: `Rates outlook ${counter}`,
      asset_class: 'Rates',
      language: 'en',
      geographic_region: ['U.S.'],
      report_type: 'macro',
      sector: null,
      author_registrations: { 'Ann Analyst': 'S0000000000001' },
    },
    multi_language: [],
    multi_language_summary: {},
    multi_language_encrypted_file_url: {},
    cn_pdf_translate_status: 'not_started',
    translate_failed_retry: false,
    ...overrides,
  };
}

export function buildUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'user-1',
    username: 'ann_analyst',
    email: 'ann@example.com',
    phone: null,
    phone_country_code: null,
    status: 'active',
    role: ['user'],
    user_level: 'trial',
    user_level_expire_time: null,
    plan: 'trial',
    created_time: '2025-01-02T08:00:00Z',
    updated_time: '2025-01-02T08:00:00Z',
    last_login_time: '2025-03-14T08:00:00Z',
    settings: {
      language: 'en',
      show_summary: true,
      search_preference: 'relevance',
      date_format: 'YYYY-MM-DD',
      measurement_unit: 'binary',
      digest: 'weekly',
      time_zone: null,
    },
    quota: {
      report_quota: 18,
      search_quota: 30,
      chat_quota: 50,
      abstract_quota: 20,
      translate_quota: 20,
      upload_quota: 10,
      download_quota: 0,
    },
    ...overrides,
  };
}
