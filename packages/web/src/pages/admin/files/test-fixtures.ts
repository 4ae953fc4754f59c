import type { AdminFile, AdminFileDetail, AdminFileListResponse } from '@rl/contract';

let counter = 0;

/** A file as `/api/manage/file/list` answers it (contract AdminFile). */
export function buildAdminFile(overrides: Partial<AdminFile> = {}): AdminFile {
  counter += 1;
  return {
    id: `f_${counter}`,
    file_name: `report-${counter}.pdf`,
    title: `Rates outlook ${counter}`,
    issuer: 'Acme Research',
    status: 'ready',
    fail_reason: null,
    visibility: 'public',
    source: 'admin',
    owner_id: null,
    owner_username: null,
    size_bytes: 120_000,
    page_count: 12,
    views: 3,
    publish_date: '2025-03-14',
    upload_time: '2025-03-14T08:00:00Z',
    updated_time: '2025-03-14T08:00:00Z',
    taken_down_time: null,
    dmca_open: 0,
    research_confirmed_time: null,
    authors: ['Ann Analyst', 'Bo Chen'],
    report_type: 'macro',
    tags: ['rates', 'fed'],
    corrected_fields: [],
    stock_information: [],
    sector: null,
    takedown: null,
    ...overrides,
  };
}

export function buildAdminFileDetail(overrides: Partial<AdminFileDetail> = {}): AdminFileDetail {
  return {
    ...buildAdminFile(),
    authors: ['Ann Analyst', 'Bo Chen'],
    tags: ['rates', 'fed'],
    asset_class: 'Rates',
    country: 'U.S.',
    language: 'en',
    summary: 'Rates are expected to fall.',
    downloads: 2,
    stars: 1,
    author_registrations: {},
    ...overrides,
  };
}

export function buildFileList(
  files: AdminFile[],
  overrides: Partial<AdminFileListResponse> = {},
): AdminFileListResponse {
  return { file_list: files, total_items: files.length, page_id: 1, page_length: 20, ...overrides };
}
