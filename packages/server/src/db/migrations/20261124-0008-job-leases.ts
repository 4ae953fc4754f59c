import type { Kysely } from 'kysely';

/**
 * Jobs shared by several worker processes: the worker that holds a running job (`locked_by`), until
 * when its lease runs (`lease_until`, the database's clock, renewed while it works) and, when the
 * current run took the job over from a worker whose lease ran out, which one (`taken_over_from`).
 * Rows left running by an older version have no lease: the first worker to look takes them over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['locked_by', 'lease_until', 'taken_over_from'])
    await db.schema.alterTable('jobs').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['taken_over_from', 'lease_until', 'locked_by'])
    await db.schema.alterTable('jobs').dropColumn(column).execute();
}
