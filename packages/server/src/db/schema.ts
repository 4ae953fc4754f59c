import type {
  FilesTable,
  FileCompaniesTable,
  CompanyNamesTable,
  FileTagsTable,
  FilePagesTable,
  TermImpactsTable,
  ImpactTermsTable,
  FileViewDaysTable,
} from './schema/files.js';
import type { JobsTable, SettingsTable } from './schema/operations.js';
import type {
  UsersTable,
  SessionsTable,
  KnownDevicesTable,
  VerificationCodesTable,
  RateEventsTable,
  UsageCountersTable,
  UsageFilesTable,
  SearchRunsTable,
  SubscriptionsTable,
} from './schema/accounts.js';
import type {
  FileStarsTable,
  FollowsTable,
  FollowTermsTable,
  InboxItemsTable,
  DigestsTable,
  DigestDueTable,
  CollectionsTable,
  CollectionFilesTable,
  UploadSessionsTable,
  DownloadsTable,
} from './schema/library.js';
import type {
  AdminSessionsTable,
  AdminAuditTable,
  DmcaComplaintsTable,
  DmcaCounterNoticesTable,
  ContactMessagesTable,
  SecurityCheckSpentTable,
} from './schema/admin.js';
import type {
  DialogMessagesTable,
  FileTranslationsTable,
  TranslationCacheTable,
  GlossaryTermsTable,
  GlossaryVersionTable,
} from './schema/reading.js';

export type * from './schema/files.js';
export type * from './schema/operations.js';
export type * from './schema/accounts.js';
export type * from './schema/library.js';
export type * from './schema/admin.js';
export type * from './schema/reading.js';

/**
 * Row types of every table: the only place the database's shape is declared, by group in schema/;
 * `Database` names each table's row type.
 */
export interface Database {
  files: FilesTable;
  file_tags: FileTagsTable;
  file_companies: FileCompaniesTable;
  company_names: CompanyNamesTable;
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
  follows: FollowsTable;
  follow_terms: FollowTermsTable;
  inbox_items: InboxItemsTable;
  digests: DigestsTable;
  digest_due: DigestDueTable;
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
