import type { Generated } from 'kysely';

/** Row types of every table: the only place the database's shape is declared. */
export interface FilesTable {
  seq: Generated<number>;
  id: string;
  sha256: string;
  file_name: string;
  file_type: Generated<string>;
  size_bytes: number;
  status: 'processing' | 'ready' | 'failed';
  fail_code: string | null;
  fail_reason: string | null;
  visibility: 'public' | 'private';
  owner_id: string | null;
  upload_user: string | null;
  source: 'seed' | 'import' | 'upload' | 'admin';
  upload_time: string;
  updated_time: string;
  title: Generated<string>;
  issuer: Generated<string>;
  /** JSON arrays. */
  authors: Generated<string>;
  tags: Generated<string>;
  keywords: Generated<string>;
  stock_information: Generated<string>;
  geographic_region: Generated<string>;
  publish_date: string | null;
  asset_class: string | null;
  country: string | null;
  language: Generated<string>;
  page_count: Generated<number>;
  summary: Generated<string>;
  views: Generated<number>;
  stars: Generated<number>;
}

export interface FileTagsTable {
  tag: string;
  file_seq: number;
}

export interface FilePagesTable {
  file_seq: number;
  page_no: number;
  text: string;
}

export interface TermImpactsTable {
  term: string;
  weight: number;
  seq: number;
}

export interface ImpactTermsTable {
  term: string;
  docs: number;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON object. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  step: string;
  attempts: number;
  max_attempts: number;
  run_after: string;
  locked_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  files: FilesTable;
  file_tags: FileTagsTable;
  file_pages: FilePagesTable;
  jobs: JobsTable;
  term_impacts: TermImpactsTable;
  impact_terms: ImpactTermsTable;
  app_settings: SettingsTable;
}
