import type { Database } from '../../db/schema.js';

/**
 * What db:copy does with each table of the schema. `satisfies Record<keyof Database, …>` makes a
 * table added to schema.ts a compile error here until someone decides how it is copied; a table
 * that exists in a database without being listed stops the copy at run time (`unknownTables`).
 */
type TableRule =
  /** Copied row for row; `identity` is the column the database numbers. */
  | { copy: true; identity?: string }
  /**
   * Never copied: rebuilt on the target from the files and their pages (reindexFile), or a counter
   * the target keeps (its migration creates the row).
   */
  | { copy: false };

const copied = (identity?: string): TableRule => (identity ? { copy: true, identity } : { copy: true });
const SEARCH_INDEX: TableRule = { copy: false };

/**
 * In dependency order (foreign keys point to tables above): the target checks every reference as
 * the rows arrive.
 */
const RULES = {
  users: copied(),
  files: copied('seq'),
  file_tags: copied(),
  file_companies: copied(),
  company_names: copied(),
  file_pages: copied(),
  file_translations: copied(),
  translation_cache: copied(),
  jobs: copied('id'),
  app_settings: copied(),
  sessions: copied(),
  admin_sessions: copied(),
  known_devices: copied(),
  verification_codes: copied(),
  rate_events: copied('id'),
  usage_counters: copied(),
  usage_files: copied(),
  search_runs: copied(),
  file_view_days: copied(),
  subscriptions: copied(),
  file_stars: copied(),
  follows: copied(),
  follow_terms: copied(),
  inbox_items: copied(),
  digests: copied('id'),
  digest_due: copied(),
  collections: copied(),
  collection_files: copied(),
  upload_sessions: copied(),
  downloads: copied('id'),
  admin_audit: copied('id'),
  dmca_complaints: copied(),
  dmca_counter_notices: copied(),
  contact_messages: copied(),
  security_check_spent: copied(),
  dialog_messages: copied(),
  glossary_terms: copied(),
  glossary_version: { copy: false },
  term_impacts: SEARCH_INDEX,
  impact_terms: SEARCH_INDEX,
} satisfies Record<keyof Database, TableRule>;

export type TableName = keyof typeof RULES;

export interface CopiedTable {
  name: TableName;
  identity: string | null;
}

/** The tables whose rows are copied, in the order they are copied. */
export const COPIED_TABLES: CopiedTable[] = Object.entries(RULES).flatMap(
  ([name, rule]: [string, TableRule]) =>
    rule.copy ? [{ name: name as TableName, identity: rule.identity ?? null }] : [],
);

/**
 * The search index's tables written with raw SQL (not in schema.ts): the full-text tables (SQLite's
 * FTS5 tables with their shadow tables and printed texts, or PostgreSQL's plain tables of the same
 * names) and the counter of index writes.
 */
const RAW_SEARCH_INDEX =
  /^((files_fts|private_fts)(_(data|idx|content|docsize|config|text))?|search_generation)$/;

/** Kysely's bookkeeping of applied migrations and SQLite's planner statistics: the target has its own. */
const BOOKKEEPING = /^(kysely_migration|kysely_migration_lock|sqlite_stat\d)$/;

/**
 * The search index's tables that hold an entry per file: what undoing a copy empties besides the
 * copied tables (search_generation is a counter, kept).
 */
export const INDEX_TABLES = ['files_fts', 'private_fts', 'term_impacts', 'impact_terms'];

/** A table of the search index, rebuilt rather than copied. */
export const isSearchIndexTable = (name: string): boolean =>
  RAW_SEARCH_INDEX.test(name) || (name in RULES && !RULES[name as TableName].copy);

export const isBookkeepingTable = (name: string): boolean => BOOKKEEPING.test(name);

/** Tables the copier does not know: copying without them would silently lose their rows. */
export function unknownTables(names: string[]): string[] {
  return names.filter((n) => !(n in RULES) && !isSearchIndexTable(n) && !isBookkeepingTable(n)).sort();
}
