import type { HealthDetails, PublicHealth, ReingestProgress } from '@rl/contract';
import { READING_VERSION } from '../../pdf/reading-version.js';
import type { Clock } from '../../platform/clock.js';
import type { FilesRepo } from '../files/repo.js';
import type { HealthRepo } from './repo.js';

/**
 * How long the database may take to answer `SELECT 1` before it counts as unreachable: well
 * under a load balancer's probe interval and the pool's 5 s connection timeout.
 */
export const PING_TIMEOUT_MS = 2000;

export interface HealthReport<Body> {
  /** False when the database did not answer: the instance cannot serve (503 for load balancers). */
  serving: boolean;
  body: Body;
}

/**
 * Liveness for load balancers and operators. Anyone learns whether the instance serves; version,
 * counts and backlog are for operators (the route decides who is one).
 */
export function createHealthService(deps: {
  repo: HealthRepo;
  files: Pick<FilesRepo, 'countByStatus'>;
  /** How far a re-ingestion of the library got. */
  /** The re-reading of the library under way (the ingestion's, handed in by the wiring). */
  reingest: { progress(): Promise<ReingestProgress> };
  clock: Clock;
  version: string;
  llmConfigured: boolean;
  pingTimeoutMs?: number;
}) {
  const { repo, files, clock } = deps;
  const pingTimeoutMs = deps.pingTimeoutMs ?? PING_TIMEOUT_MS;
  return {
    /** Only the database's answer: what a stranger or a load balancer needs. */
    async checkPublic(): Promise<HealthReport<PublicHealth>> {
      const serving = (await roundTrip(repo.ping, pingTimeoutMs)) !== null;
      return {
        serving,
        body: { status: serving ? 'ok' : 'degraded', llm_configured: deps.llmConfigured },
      };
    },

    async check(): Promise<HealthReport<HealthDetails>> {
      const base = {
        version: deps.version,
        uptime_s: Math.round(process.uptime()),
        llm_configured: deps.llmConfigured,
        database_dialect: repo.dialect,
      };
      const latency = await roundTrip(repo.ping, pingTimeoutMs);
      if (latency === null) {
        return {
          serving: false,
          body: { ...base, status: 'degraded', database: 'error', database_latency_ms: null, ...NOTHING },
        };
      }
      const reachable = { ...base, database: 'ok' as const, database_latency_ms: latency };
      const now = clock.now();
      try {
        const [counts, backlog, reingest] = await Promise.all([
          files.countByStatus(),
          repo.jobBacklog(now.toISOString()),
          deps.reingest.progress(),
        ]);
        const oldest = backlog.oldestDueAt ? Date.parse(backlog.oldestDueAt) : null;
        return {
          serving: true,
          body: {
            ...reachable,
            status: 'ok',
            files: { ready: counts.ready, processing: counts.processing, failed: counts.failed },
            jobs: {
              queued: backlog.queued,
              running: backlog.running,
              failed: backlog.failed,
              oldest_queued_s:
                oldest === null ? null : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
            },
            reingest,
          },
        };
      } catch {
        // The database answers but the counts failed: still serving, but say so.
        return { serving: true, body: { ...reachable, status: 'degraded', ...NOTHING } };
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

const NOTHING = {
  files: { ready: 0, processing: 0, failed: 0 },
  jobs: { queued: 0, running: 0, failed: 0, oldest_queued_s: null },
  reingest: { running: false, done: 0, total: 0, outdated: 0, reading_version: READING_VERSION },
};

/** Milliseconds `fn` took, or null when it failed or took longer than `timeoutMs`. */
async function roundTrip(fn: () => Promise<void>, timeoutMs: number): Promise<number | null> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([fn().then(() => Math.round((performance.now() - t0) * 10) / 10), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
