import type { AuditAction } from '@rl/contract';
import type { Db } from '../../db/database.js';
import type { AdminRecord } from '../access/admin-record.js';

/** What an audit entry is about. */
export type AuditTargetType = 'user' | 'file' | 'dmca' | 'message' | 'glossary' | 'company';

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The target as it was and as it is (JSON objects, or null for created/removed). */
  before: unknown;
  after: unknown;
}

/**
 * Writes one audit row. Call it with the transaction (`trx`) of the change it records, so the
 * change and its record land together or not at all. Every module with admin actions uses it.
 */
export async function writeAudit(db: Db, admin: AdminRecord, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      admin_id: admin.id,
      admin_username: admin.username,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before_json: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: now,
    })
    .execute();
}

/** The audit log's writes; in a unit of work, they land with the change they record. */
export function createAuditRepo(db: Db) {
  return {
    write: (admin: AdminRecord, entry: AuditEntry, now: string): Promise<void> =>
      writeAudit(db, admin, entry, now),
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
