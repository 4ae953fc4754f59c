import {
  DASHBOARD_DAYS,
  DMCA_OPEN_STATUSES,
  effectivePlan,
  type DailyCount,
  type DashboardStatusResponse,
  type ReingestProgress,
} from '@rl/contract';
import type { Clock } from '../../platform/clock.js';
import type { DashboardRepo, Tally } from './dashboard-repo.js';

const DAY_MS = 86_400_000;

/** Adds `n` to `counts[key]`. */
const add = (counts: Record<string, number>, key: string, n: number) => {
  counts[key] = (counts[key] ?? 0) + n;
};

/** The last DASHBOARD_DAYS days (UTC, today included), oldest first, zero where nothing happened. */
function series(days: string[], tallies: Tally[]): DailyCount[] {
  const byDay = new Map(tallies.map((t) => [t.key, t.n]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/**
 * The console's dashboard: users, activity per day, files, jobs, storage, open complaints and
 * messages, and the progress of a re-ingestion of the library.
 */
export function createDashboardService(deps: {
  repo: DashboardRepo;
  /** The re-reading of the library under way (the ingestion's, handed in by the wiring). */
  reingest: { progress(): Promise<ReingestProgress> };
  clock: Clock;
}) {
  const { repo, clock } = deps;

  return {
    async status(): Promise<DashboardStatusResponse> {
      const now = clock.now();
      const today = Date.parse(now.toISOString().slice(0, 10));
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
        new Date(today - (DASHBOARD_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      );
      const since = `${days[0]}T00:00:00.000Z`;
      const [users, signups, uploads, downloads, files, jobs, storage, dmcaOpen, unhandled, reingest] =
        await Promise.all([
          repo.users(now.toISOString()),
          repo.signupsSince(since),
          repo.uploadsSince(since),
          repo.downloadsSince(since),
          repo.files(),
          repo.jobs(),
          repo.storageBytes(),
          repo.openComplaints(DMCA_OPEN_STATUSES),
          repo.unhandledMessages(),
          deps.reingest.progress(),
        ]);

      const byPlan: Record<string, number> = {};
      const byStatus: Record<string, number> = {};
      // The plan each group is on, by the same rule as every user call (an expired paid level is trial).
      for (const g of users) {
        add(byPlan, effectivePlan(g.user_level, g.expired ? now.toISOString() : null, now).id, g.n);
        add(byStatus, g.status, g.n);
      }
      const fileStatus: Record<string, number> = {};
      const fileVisibility: Record<string, number> = {};
      let takenDown = 0;
      for (const g of files) {
        add(fileStatus, g.status, g.n);
        // A taken-down file is seen by nobody: it counts as taken down, not as public or private.
        if (g.down) takenDown += g.n;
        else add(fileVisibility, g.visibility, g.n);
      }
      const job = new Map(jobs.map((t) => [t.key, t.n]));
      const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

      return {
        generated_time: now.toISOString(),
        users: { total: sum(byStatus), by_plan: byPlan, by_status: byStatus },
        signups_by_day: series(days, signups),
        files: {
          total: sum(fileStatus),
          by_status: fileStatus,
          by_visibility: fileVisibility,
          taken_down: takenDown,
        },
        uploads_by_day: series(days, uploads),
        downloads_by_day: series(days, downloads),
        // The library keeps no translation state on files yet: nothing to count.
        translations: {},
        jobs: {
          queued: job.get('queued') ?? 0,
          running: job.get('running') ?? 0,
          failed: job.get('failed') ?? 0,
        },
        storage_bytes: storage,
        dmca_open: dmcaOpen,
        messages_unhandled: unhandled,
        reingest,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
