import {
  COUNTER_NOTICE_OPEN_STATUSES,
  type CounterNoticeStatus,
  type DmcaStatus,
  type FileTakedown,
} from '@rl/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DmcaCounterNoticesTable } from '../../db/schema.js';
import { isTakenDown } from '../files/visibility.js';

/**
 * Statuses that keep the linked file taken down: accepted, and counter_notice (the uploader
 * disputes an accepted complaint; the file stays down until an administrator decides).
 */
export const TAKE_DOWN_STATUSES = ['accepted', 'counter_notice'] as const satisfies readonly DmcaStatus[];
export const takesDown = (s: DmcaStatus): boolean =>
  (TAKE_DOWN_STATUSES as readonly DmcaStatus[]).includes(s);
export const isOpenNotice = (s: CounterNoticeStatus): boolean =>
  (COUNTER_NOTICE_OPEN_STATUSES as readonly CounterNoticeStatus[]).includes(s);

/** A counter-notice with its sender's current username (null once the account is gone). */
export type CounterNoticeRow = Selectable<DmcaCounterNoticesTable> & { username: string | null };

/** The newest counter-notice of each complaint in `complaintIds` (by submission time, then id). */
export async function latestCounterNotices(
  db: Kysely<Database>,
  complaintIds: readonly string[],
): Promise<Map<string, CounterNoticeRow>> {
  const latest = new Map<string, CounterNoticeRow>();
  if (!complaintIds.length) return latest;
  const rows = await db
    .selectFrom('dmca_counter_notices as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .selectAll('n')
    .select('u.username')
    .where('n.complaint_id', 'in', [...new Set(complaintIds)])
    .orderBy('n.created_at', 'asc')
    .orderBy('n.id', 'asc')
    .execute();
  for (const r of rows) latest.set(r.complaint_id, r);
  return latest;
}

/**
 * What the owner reads of each taken-down file among `files`: the complaints that keep it down
 * (oldest first) with their latest counter-notice. Files that are up have no entry.
 */
export async function takedownsOf(
  db: Kysely<Database>,
  files: readonly { id: string; taken_down_at: string | null }[],
): Promise<Map<string, FileTakedown>> {
  const down = files.filter(isTakenDown);
  const out = new Map<string, FileTakedown>();
  if (!down.length) return out;
  const complaints = await db
    .selectFrom('dmca_complaints')
    .select(['id', 'file_id', 'created_at', 'copyright_holder', 'description'])
    .where(
      'file_id',
      'in',
      down.map((f) => f.id),
    )
    .where('status', 'in', TAKE_DOWN_STATUSES)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const notices = await latestCounterNotices(
    db,
    complaints.map((c) => c.id),
  );
  for (const f of down) {
    out.set(f.id, {
      taken_down_time: f.taken_down_at!,
      complaints: complaints
        .filter((c) => c.file_id === f.id)
        .map((c) => {
          const notice = notices.get(c.id);
          return {
            complaint_id: c.id,
            received_time: c.created_at,
            copyright_holder: c.copyright_holder,
            reason: c.description,
            counter_notice: notice
              ? {
                  id: notice.id,
                  status: notice.status,
                  submitted_time: notice.created_at,
                  updated_time: notice.updated_at,
                }
              : null,
            can_counter: !notice || !isOpenNotice(notice.status),
          };
        }),
    });
  }
  return out;
}

/** A file's takedown as its owner reads it when the complaints were not read (a bare row). */
export const bareTakedown = (r: { taken_down_at: string | null }): FileTakedown | null =>
  isTakenDown(r) ? { taken_down_time: r.taken_down_at, complaints: [] } : null;
