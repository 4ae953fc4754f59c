import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseSettings } from '../db/database.js';
import { JOBS_CHANNEL } from './jobs-repo.js';

const RECONNECT_MS = 2000;

/**
 * Calls `onJob` when any process enqueues a job: on PostgreSQL one dedicated connection LISTENs to
 * the jobs channel (enqueue NOTIFYs it at commit), so an idle worker starts within milliseconds
 * instead of at its next poll. SQLite has no such channel: the runner's poll (and, inside one
 * cluster, the HTTP workers' message to the primary) does it. A lost connection is re-opened; the
 * poll covers the gap.
 */
export function listenForJobs(
  settings: DatabaseSettings,
  onJob: () => void,
  log: Logger,
): { close(): Promise<void> } {
  if (settings.kind !== 'postgres') return { close: async () => undefined };
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = () => {
    const c = new pg.Client({ connectionString: settings.url, connectionTimeoutMillis: 5000 });
    client = c;
    let lost = false;
    const reconnect = (err?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (err) log.warn({ err }, 'listening for new jobs failed; polling until it reconnects');
      void c.end().catch(() => undefined);
      retry = setTimeout(connect, RECONNECT_MS);
    };
    c.on('notification', () => onJob());
    c.on('error', reconnect);
    c.on('end', () => reconnect());
    c.connect()
      .then(() => c.query(`LISTEN ${JOBS_CHANNEL}`))
      // Jobs enqueued while the connection was down are found now rather than at the next poll.
      .then(() => onJob())
      .catch(reconnect);
  };
  connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
