import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Moves every arrival in the inboxes of the e2e server's library (its SQLite file in DATA_DIR) back
 * by `hours`. A digest lists what reached the inbox before its period started, and periods start
 * on the hour: a journey that wants today's digest of a note that arrived a minute ago has it
 * arrive yesterday instead of waiting for tomorrow's period.
 */
export function backdateInboxArrivals(dataDir: string, hours: number): number {
  const db = new Database(path.join(dataDir, 'library.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db.prepare('SELECT user_id, file_seq, arrived_at FROM inbox_items').all() as {
      user_id: string;
      file_seq: number;
      arrived_at: string;
    }[];
    const update = db.prepare('UPDATE inbox_items SET arrived_at = ? WHERE user_id = ? AND file_seq = ?');
    for (const r of rows)
      update.run(new Date(Date.parse(r.arrived_at) - hours * 3_600_000).toISOString(), r.user_id, r.file_seq);
    return rows.length;
  } finally {
    db.close();
  }
}
