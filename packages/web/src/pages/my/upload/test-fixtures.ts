import type { MyFile, MyFilesResponse, UploadUsage } from '@rl/contract';

let counter = 0;

export function buildMyFile(overrides: Partial<MyFile> = {}): MyFile {
  counter += 1;
  return {
    id: `up-${counter}`,
    file_name: `my-report-${counter}.pdf`,
    title: `My report ${counter}`,
    issuer: 'Acme Research',
    status: 'ready',
    fail_reason: null,
    size_bytes: 1_258_291,
    page_count: 12,
    publish_date: '2025-03-14',
    upload_time: '2025-03-14T08:00:00Z',
    updated_time: '2025-03-14T08:00:00Z',
    visibility: 'private',
    authors: ['Ann Analyst'],
    report_type: 'company',
    tags: ['earnings'],
    corrected_fields: [],
    stock_information: [],
    sector: null,
    takedown: null,
    ...overrides,
  };
}

export const trialUsage: UploadUsage = {
  files: 1,
  max_files: 10,
  bytes: 1_258_291,
  max_bytes: 30 * 1024 * 1024,
  max_file_bytes: 3 * 1024 * 1024,
};

export function buildMyFiles(files: MyFile[], usage: UploadUsage = trialUsage): MyFilesResponse {
  return { file_list: files, usage, total_items: files.length, page_id: 1, page_length: 20 };
}
