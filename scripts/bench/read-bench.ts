import { existsSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readLoad, type ReadLoadResult } from './read-load.js';
import { hasWrk, wrkLoad } from './wrk-load.js';
import { soak } from './soak-load.js';
import { serverMemory, type ServerMemory } from './server-memory.js';
import { demoToken, runServer } from './server-process.js';
import { median, round } from './stats.js';

/**
 * Mixed reads at 200 connections against the real server as production runs it (compiled,
 * `start`, a cluster of HTTP_WORKERS processes) on the demo library, with the two ways Node's cluster hands out connections side by
 * side, alternating within each round so both see the same machine: `rr` (the primary accepts and
 * passes each connection on, Node's default on Linux, used before) and `none` (the workers accept
 * themselves, what main.ts now chooses). Medians over the rounds; the load average is recorded
 * because the machine may be shared.
 */

const POLICIES = ['rr', 'none'] as const;
type Policy = (typeof POLICIES)[number];
/** Seconds of the mix at 8 connections before each measured run. */
const WARM_UP_S = 5;

export interface ReadBenchResult {
  tool: string;
  connections: number;
  seconds: number;
  rounds: number;
  timeoutS: number;
  httpWorkers: string;
  /** Seconds of mixed traffic (soak-load.ts) between the fresh and the aged measurement; 0: no aged phase. */
  soakS: number;
  /**
   * Per policy (with several builds, per `build policy`; with a soak, per `build policy phase`):
   * every round, and the medians.
   */
  policies: Record<string, { runs: ReadRun[]; median: Record<string, number> }>;
}

/** One measured run: the load's figures, the load average, the server's memory after it. */
type ReadRun = ReadLoadResult & {
  load1: number;
  memory?: ServerMemory;
  walMb?: number;
  soakRequests?: number;
};

/** The size of the SQLite library's write-ahead log, MB (a log that cannot be checkpointed grows). */
const walMb = (dataDir: string): number | undefined => {
  const wal = join(dataDir, 'library.db-wal');
  return existsSync(wal) ? Math.round(statSync(wal).size / 1e5) / 10 : undefined;
};

/** Rounds of the read mix: how many, at how many connections, for how long, on how many HTTP workers. */
export interface ReadRounds {
  rounds?: number;
  connections?: number;
  seconds?: number;
  /** When the client gives up on an answer. */
  timeoutS?: number;
  /** HTTP_WORKERS of the server. */
  workers?: string;
}

export async function benchReads(
  dataRoot: string,
  opts: ReadRounds & {
    /** The load generator: autocannon (Node, in-process) or wrk (C, Debian's `wrk`). */
    tool?: 'autocannon' | 'wrk';
    /** The ways of handing out connections to measure (both by default). */
    policies?: readonly Policy[];
    /**
     * Builds of the server to run side by side, alternating within each round (runServer's
     * `dist`: e.g. the `packages/server/dist` of a checkout before a change); `dist` alone by default.
     */
    builds?: readonly string[];
    /**
     * Seconds of mixed traffic with ever new searches after the fresh run, on the same server,
     * before the same run again (`aged`): what a server that has served for a while answers.
     */
    soakS?: number;
  } = {},
): Promise<ReadBenchResult> {
  const {
    rounds = 3,
    connections = 200,
    seconds = 30,
    timeoutS = 10,
    workers = '2',
    tool = 'autocannon',
    policies = POLICIES,
    builds = ['dist'],
    soakS: asked = 0,
  } = opts;
  // The soak draws its requests in wrk's Lua: without wrk there is no aged phase.
  const soakS = asked > 0 && !hasWrk() ? 0 : asked;
  if (soakS !== asked) console.warn('wrk is not installed (apt-get install wrk): no aged phase');
  const phases = soakS > 0 ? (['fresh', 'aged'] as const) : ([null] as const);
  const dataDir = join(dataRoot, 'read-load');
  await demoLibrary(dataDir);
  const variants = builds.flatMap((dist) =>
    policies.map((policy) => ({ dist, policy, key: builds.length > 1 ? `${dist} ${policy}` : policy })),
  );
  const keyOf = (key: string, phase: string | null) => (phase ? `${key} ${phase}` : key);
  const keys = variants.flatMap((v) => phases.map((phase) => keyOf(v.key, phase)));
  const runs: Record<string, ReadRun[]> = Object.fromEntries(keys.map((k) => [k, []]));
  for (let r = 0; r < rounds; r++)
    // Every other round in the reverse order, so no variant always runs right after another.
    for (const { dist, policy, key } of r % 2 ? [...variants].reverse() : variants) {
      const server = await runServer(
        { DATA_DIR: dataDir, HTTP_WORKERS: workers, NODE_CLUSTER_SCHED_POLICY: policy },
        { compiled: true, dist },
      );
      try {
        await ready(server.url);
        const token = await demoToken(server.url, dataDir, 'paid user');
        const target = { url: server.url, token };
        const run = (load: { connections: number; seconds: number; timeoutS: number }) =>
          tool === 'wrk' ? wrkLoad(target, load) : readLoad(target, load);
        // A server that has just started runs its code unoptimised and its caches empty: the
        // first seconds under 200 connections measure that (docs/benchmarks.md), not the steady state.
        await run({ connections: 8, seconds: WARM_UP_S, timeoutS });
        let soakRequests: number | undefined;
        for (const phase of phases) {
          if (phase === 'aged')
            soakRequests = (await soak(target, { connections: 32, seconds: soakS })).requests;
          const load1 = round(loadavg()[0] ?? 0, 2);
          const result = await run({ connections, seconds, timeoutS });
          if (!result) throw new Error('wrk is not installed (apt-get install wrk)');
          const memory = server.pid ? serverMemory(server.pid) : undefined;
          const measured: ReadRun = {
            ...result,
            load1,
            ...(memory ? { memory } : {}),
            walMb: walMb(dataDir),
            ...(soakRequests ? { soakRequests } : {}),
          };
          runs[keyOf(key, phase)]!.push(measured);
          console.log(`reads round ${r + 1} ${keyOf(key, phase)}: ${JSON.stringify(measured)}`);
        }
      } finally {
        await server.stop();
      }
    }
  const figures = ['rps', 'p50', 'p90', 'p99', 'max', 'timeouts', 'errors', 'load1'] as const;
  return {
    tool,
    connections,
    seconds,
    rounds,
    timeoutS,
    httpWorkers: workers,
    soakS,
    policies: Object.fromEntries(
      keys.map((key) => [
        key,
        {
          runs: runs[key]!,
          median: {
            ...Object.fromEntries(figures.map((k) => [k, median(runs[key]!.map((x) => x[k]))])),
            ...(runs[key]!.every((x) => x.memory)
              ? { rssMb: median(runs[key]!.map((x) => x.memory!.rssMb)) }
              : {}),
          },
        },
      ]),
    ),
  };
}

/** The demo library (300 generated reports, demo accounts), made by a first start once. */
/** The 300-report demo library in `dataDir`, seeded once and kept for later runs. */
export async function demoLibrary(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'demo-accounts.txt'))) return;
  const server = await runServer({ DATA_DIR: dataDir, SEED_COUNT: '300' });
  try {
    const end = Date.now() + 900_000;
    for (;;) {
      const h = (await (await fetch(`${server.url}/api/health`)).json()) as {
        files?: { ready: number; processing: number };
      };
      if (h.files && h.files.ready >= 300 && h.files.processing === 0) return;
      if (Date.now() > end) throw new Error('the demo library was not ingested within 15 minutes');
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await server.stop();
  }
}

/** Waits until the server answers (the cluster's workers may start after the first one listens). */
export async function ready(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/api/pub/site`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} does not answer`);
}

const POLICY_NAMES: Record<string, string> = {
  rr: 'primary hands out connections (rr)',
  none: 'workers accept (none)',
};

export function formatReadBench(r: ReadBenchResult): string {
  const rows = Object.entries(r.policies).map(([key, { runs, median: m }]) => {
    const words = key.split(' ');
    const phase = r.soakS > 0 ? words.pop() : undefined;
    const policy = words.pop()!;
    const build = words.length ? words.join(' ') : null;
    const name = `${build ? `${build}, ` : ''}${POLICY_NAMES[policy] ?? policy}${phase ? `, ${phase}` : ''}`;
    const p99s = runs.map((x) => x.p99).join(' / ');
    const rss = m.rssMb === undefined ? '–' : `${m.rssMb}`;
    return `| ${name} | ${m.rps} | ${m.p50} | ${m.p90} | ${m.p99} (${p99s}) | ${m.max} | ${m.timeouts} | ${rss} | ${m.load1} |`;
  });
  return [
    `mixed reads (${r.tool}), ${r.connections} connections, ${r.seconds} s, HTTP_WORKERS=${r.httpWorkers}, client timeout ${r.timeoutS} s, medians of ${r.rounds} rounds` +
      (r.soakS > 0
        ? `; aged: after ${r.soakS} s of mixed traffic with new searches (soak-load.ts) on the same server`
        : ''),
    '| server | req/s | p50 ms | p90 ms | p99 ms (per round) | max ms | timeouts | RSS MB (all processes) | load (1 min) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
