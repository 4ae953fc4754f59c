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
  /** The short form of the summary (migration 0006). */
  summary_compact: Generated<string>;
  /** JSON object: language → summary ('zh-hans'; a legacy 'zh' is read as 'zh-hans'). */
  multi_language_summary: Generated<string>;
  summary_kind: 'extractive' | 'abstractive' | null;
  /** When the summary was written; null: a summarise job is owed. */
  summarised_at: string | null;
  /** Who writes the summary on request now, until when (the database's clock); callers share it. */
  summary_run_by: Generated<string | null>;
  summary_run_until: Generated<string | null>;
  views: Generated<number>;
  stars: Generated<number>;
  /** Set when a DMCA complaint was accepted: the file is gone for everyone. */
  taken_down_at: string | null;
  /** UTF-8 bytes of the file's stored text (its pages), counted in its owner's storage (migration 0014). */
  text_bytes: Generated<number>;
  /** 0015: REPORT_TYPES value; JSON name → registration no.; JSON corrected columns; READING_VERSION. */
  report_type: Generated<string>;
  author_registrations: Generated<string>;
  corrected_fields: Generated<string>;
  reading_version: Generated<number>;
  /** 0016: SectorId; the normalised rating and action of a note on one company (research-rows.ts). */
  sector: Generated<string | null>;
  rating: Generated<string | null>;
  rating_action: Generated<string | null>;
}

/** One company a note covers (0016), derived from `files.stock_information` by saveMeta. */
export interface FileCompaniesTable {
  file_seq: number;
  /** 0: the note's first company. */
  position: number;
  ticker: string;
  company_name: string;
  rating: string | null;
  rating_normalised: string | null;
  rating_action: string | null;
  previous_rating: string | null;
  target_price: number | null;
  currency: string | null;
  previous_target_price: number | null;
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
  /** The worker running the job (kept once it is done: who ran it). */
  locked_by: string | null;
  /** ISO time (the database's clock) until which `locked_by` holds the running job. */
  lease_until: string | null;
  /** Set when the current run took the job over from this worker, whose lease ran out. */
  taken_over_from: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  priority: Generated<number>; // higher first among due jobs (0015); background walks below 0
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  /** Digits only. */
  phone: string | null;
  phone_country_code: string | null;
  password_hash: string;
  status: Generated<'inactive' | 'active' | 'disabled'>;
  /** JSON list of roles. */
  role: Generated<string>;
  user_level: Generated<string>;
  user_level_expire_time: string | null;
  /** JSON object (UserSettings, partial). */
  settings: Generated<string>;
  /** 1: a login from an unknown device needs a code. */
  device_check: Generated<number>;
  created_time: string;
  updated_time: string;
  last_login_time: string | null;
}

export interface SessionsTable {
  /** sha256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  fingerprint: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

export interface KnownDevicesTable {
  user_id: string;
  fingerprint: string;
  first_seen: string;
}

export interface VerificationCodesTable {
  target: string;
  purpose: string;
  code_hash: string;
  expires_at: string;
  tries: Generated<number>;
  sent_at: string;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: string;
}

export interface UsageCountersTable {
  subject: string;
  usage_type: string;
  period: string;
  count: Generated<number>;
}

export interface UsageFilesTable {
  subject: string;
  usage_type: string;
  period: string;
  file_id: string;
}

/** A search a quota subject was counted for; its later pages are free until `ran_at` + the window. */
export interface SearchRunsTable {
  subject: string;
  query_hash: string;
  ran_at: string;
}

export interface FileViewDaysTable {
  file_seq: number;
  viewer: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: string;
  item_name: string;
  price_cny: number;
  purchase_time: string;
  expire_time: string | null;
}

export interface FileStarsTable {
  user_id: string;
  file_seq: number;
  created_at: string;
}

export interface IssuerStarsTable {
  user_id: string;
  issuer: string;
  created_at: string;
}

export interface CollectionsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface CollectionFilesTable {
  collection_id: string;
  file_seq: number;
  added_at: string;
}

export interface UploadSessionsTable {
  id: string;
  user_id: string;
  file_name: string;
  size_bytes: number;
  chunk_size: number;
  received_bytes: Generated<number>;
  created_at: string;
  updated_at: string;
  expires_at: string;
  /** Who writes the next chunk (or completes the upload), until `claimed_until` (the database's clock). */
  claimed_by: Generated<string | null>;
  claimed_until: Generated<string | null>;
}

export interface DownloadsTable {
  id: Generated<number>;
  user_id: string;
  username: string;
  file_id: string;
  file_name: string;
  size_bytes: number;
  ip: string;
  created_at: string;
}

/** An admin's session (issue 7): like `sessions`, shorter-lived, never accepted by user calls. */
export interface AdminSessionsTable {
  /** sha256 (hex) of the admin token. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

/** One admin action: who, what, on which target, the state before and after (JSON), when. */
export interface AdminAuditTable {
  id: Generated<number>;
  admin_id: string;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** A DMCA complaint (issue 7); `status` is one of the contract's DMCA_STATUSES. */
export interface DmcaComplaintsTable {
  id: string;
  status: 'received' | 'under_review' | 'accepted' | 'rejected' | 'counter_notice';
  first_name: string;
  last_name: string;
  address: string;
  copyright_holder: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  phone: string;
  email: string;
  filename: string;
  description: string;
  signature: string;
  /** JSON object: confirmation → true. */
  confirmations: string;
  /** The reported file (files.id), once known; not a foreign key (the record outlives the file). */
  file_id: string | null;
  notes: Generated<string>;
  ip: string;
  /** Username of the admin who last changed it. */
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A counter-notice: the owner of a taken-down upload answers the complaint behind it. */
export interface DmcaCounterNoticesTable {
  id: string;
  complaint_id: string;
  file_id: string;
  /** The file's owner who sent it. */
  user_id: string;
  status: 'received' | 'forwarded' | 'restored' | 'rejected';
  full_name: string;
  address: string;
  city: string;
  country: string;
  zip_code: string;
  phone: string;
  email: string;
  statement: string;
  signature: string;
  /** JSON object: confirmation → true. */
  confirmations: string;
  notes: Generated<string>;
  /** Username of the admin who last changed it. */
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A contact-us message (issue 7). */
export interface ContactMessagesTable {
  id: string;
  subject: string;
  message: string;
  email: string;
  user_id: string | null;
  username: string | null;
  ip: string;
  /** 0 or 1. */
  handled: Generated<number>;
  handled_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A security-check solution already accepted, kept until its challenge expires (replay guard). */
export interface SecurityCheckSpentTable {
  challenge: string;
  expires_at: string;
}

/** One message of a user's conversation about a file (issue 6). */
export interface DialogMessagesTable {
  id: string;
  user_id: string;
  file_id: string;
  /** Order within the conversation (question before its answer). */
  seq: number;
  role: 'user' | 'assistant';
  text: string;
  /** JSON array of {page, text}. */
  citations: Generated<string>;
  /** JSON {input_tokens, output_tokens} of a generated answer, or null. */
  usage: string | null;
  created_at: string;
}

/** The one translation of a file into a language, shared by every user (issue 6). */
export interface FileTranslationsTable {
  file_seq: number;
  lang: string;
  status: 'pending' | 'finish' | 'failed';
  /** Share of the pages done, 0 to 1. */
  progress: Generated<number>;
  /** sha256 of the translated PDF in storage, once finished. */
  blob_sha256: string | null;
  /** Attempts of the current job. */
  attempts: Generated<number>;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Translated texts, keyed by language and the sha256 of the source text. */
export interface TranslationCacheTable {
  lang: string;
  source_sha256: string;
  translated: string;
  created_at: string;
}

/** An administrator's change to the glossary: a term added, or a built-in one edited or removed. */
export interface GlossaryTermsTable {
  id: string;
  /** The first Chinese form of the built-in term this row replaces; null for a term added here. */
  builtin: string | null;
  zh: string;
  en: string;
  domain: string;
  removed: number;
  updated_at: string;
  updated_by: string;
}

export interface GlossaryVersionTable {
  id: number;
  n: number | string;
}

export interface Database {
  files: FilesTable;
  file_tags: FileTagsTable;
  file_companies: FileCompaniesTable;
  file_pages: FilePagesTable;
  jobs: JobsTable;
  term_impacts: TermImpactsTable;
  impact_terms: ImpactTermsTable;
  app_settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  verification_codes: VerificationCodesTable;
  rate_events: RateEventsTable;
  usage_counters: UsageCountersTable;
  usage_files: UsageFilesTable;
  search_runs: SearchRunsTable;
  file_view_days: FileViewDaysTable;
  subscriptions: SubscriptionsTable;
  file_stars: FileStarsTable;
  issuer_stars: IssuerStarsTable;
  collections: CollectionsTable;
  collection_files: CollectionFilesTable;
  upload_sessions: UploadSessionsTable;
  downloads: DownloadsTable;
  admin_sessions: AdminSessionsTable;
  admin_audit: AdminAuditTable;
  dmca_complaints: DmcaComplaintsTable;
  dmca_counter_notices: DmcaCounterNoticesTable;
  contact_messages: ContactMessagesTable;
  security_check_spent: SecurityCheckSpentTable;
  dialog_messages: DialogMessagesTable;
  file_translations: FileTranslationsTable;
  translation_cache: TranslationCacheTable;
  glossary_terms: GlossaryTermsTable;
  glossary_version: GlossaryVersionTable;
}
