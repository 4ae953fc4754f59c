import type { AuditActorRole, AuditRecord } from '@rl/contract';
import type { AdminRepo, AuditRow } from './repo.js';

/** Actions a report's owner takes on their own report (its corrections, its counter-notices). */
const OWNER_ACTIONS = new Set(['file.edit', 'dmca.counter_notice']);

const parseJson = (json: string | null): Record<string, unknown> | null => {
  if (json === null) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** A stored JSON list of roles; anything else is no role. */
const rolesOf = (json: string | undefined): string[] => {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The capacity an entry's actor acted in: an administrator's entries are theirs as an
 * administrator; anyone else acted as the report's owner, or else as what their role says.
 */
export function actorRole(action: string, roles: readonly string[]): AuditActorRole {
  if (roles.includes('admin')) return 'admin';
  return OWNER_ACTIONS.has(action) ? 'owner' : 'user';
}

/**
 * A page of the audit log as the console shows it: each entry with its actor's capacity and the
 * report it is about (its title now, or the title recorded when it was deleted).
 */
export async function presentAuditPage(repo: AdminRepo, rows: readonly AuditRow[]): Promise<AuditRecord[]> {
  const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
  const ids = (type: string) => unique(rows.filter((r) => r.target_type === type).map((r) => r.target_id));
  const [actors, complaints] = await Promise.all([
    repo.actorRoles(unique(rows.map((r) => r.admin_id))),
    repo.complaintFiles(ids('dmca')),
  ]);
  const complaintFile = new Map(complaints.map((c) => [c.id, c.file_id]));
  const reportOf = (r: AuditRow): string | null =>
    r.target_type === 'file'
      ? r.target_id
      : r.target_type === 'dmca'
        ? (complaintFile.get(r.target_id) ?? null)
        : null;
  const reportIds = unique(rows.map(reportOf));
  const titles = new Map((await repo.reportTitles(reportIds)).map((f) => [f.id, f.title]));
  const gone = reportIds.filter((id) => !titles.has(id));
  const deletedTitles = new Map<string, string | null>();
  for (const d of await repo.reportDeletions(gone)) {
    const title = parseJson(d.before_json)?.title;
    deletedTitles.set(d.target_id, typeof title === 'string' ? title : null);
  }
  const roles = new Map(actors.map((a) => [a.id, rolesOf(a.role)]));
  return rows.map((r) => {
    const reportId = reportOf(r);
    return {
      id: r.id,
      admin_id: r.admin_id,
      admin_username: r.admin_username,
      actor_role: actorRole(r.action, roles.get(r.admin_id) ?? []),
      report:
        reportId === null
          ? null
          : titles.has(reportId)
            ? { id: reportId, title: titles.get(reportId) ?? null, deleted: false }
            : { id: reportId, title: deletedTitles.get(reportId) ?? null, deleted: true },
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      before: parseJson(r.before_json),
      after: parseJson(r.after_json),
      created_time: r.created_at,
    };
  });
}
