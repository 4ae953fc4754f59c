import type { Kysely } from 'kysely';
import { widenToBigint } from '../dialect.js';

/** Byte counts that add up past 2 GiB (a paid plan holds 200 GB of uploads). */
const BYTE_COLUMNS: [string, string][] = [
  ['files', 'size_bytes'],
  ['upload_sessions', 'size_bytes'],
  ['upload_sessions', 'received_bytes'],
  ['downloads', 'size_bytes'],
];

/**
 * What several API instances must agree on, in the database rather than in one process's memory:
 * - the claim of a chunked upload's next offset (or of its completion): `claimed_by` holds it until
 *   `claimed_until` (the database's clock), so one writer at a time, and a dead one's claim expires;
 * - the on-demand summary of a file under way (`files.summary_run_by` until `summary_run_until`),
 *   so that callers on any instance share one run, and a dead run's claim expires too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of BYTE_COLUMNS) await widenToBigint(db, table, column);
  for (const column of ['claimed_by', 'claimed_until'])
    await db.schema.alterTable('upload_sessions').addColumn(column, 'text').execute();
  for (const column of ['summary_run_by', 'summary_run_until'])
    await db.schema.alterTable('files').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['summary_run_until', 'summary_run_by'])
    await db.schema.alterTable('files').dropColumn(column).execute();
  for (const column of ['claimed_until', 'claimed_by'])
    await db.schema.alterTable('upload_sessions').dropColumn(column).execute();
}
