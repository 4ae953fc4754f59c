import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { readLoad, type ReadLoadResult } from './read-load.js';
import { wrkLoad } from './wrk-load.js';
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
  /**
   * Per policy (with several builds, per `build policy`): every round, and the medians.
   */
  policies: Record<string, { runs: (ReadLoadResult & { load1: number })[]; median: Record<string, number> }>;
}

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
  } = opts;
  const dataDir = join(dataRoot, 'read-load');
  await demoLibrary(dataDir);
  const variants = builds.flatMap((dist) =>
    policies.map((policy) => ({ dist, policy, key: builds.length > 1 ? `${dist} ${policy}` : policy })),
  );
  const runs: Record<string, (ReadLoadResult & { load1: number })[]> = Object.fromEntries(
    variants.map((v) => [v.key, []]),
  );
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
        const load1 = round(loadavg()[0] ?? 0, 2);
        const target = { url: server.url, token };
        const run = (load: { connections: number; seconds: number; timeoutS: number }) =>
          tool === 'wrk' ? wrkLoad(target, load) : readLoad(target, load);
        // A server that has just started runs its code unoptimised and its caches empty: the
        // first seconds under 200 connections measure that (docs/benchmarks.md), not the steady state.
        await run({ connections: 8, seconds: WARM_UP_S, timeoutS });
        const result = await run({ connections, seconds, timeoutS });
        if (!result) throw new Error('wrk is not installed (apt-get install wrk)');
        runs[key]!.push({ ...result, load1 });
        console.log(`reads round ${r + 1} ${key}: ${JSON.stringify({ ...result, load1 })}`);
      } finally {
        await server.stop();
      }
    }
  const keys = ['rps', 'p50', 'p90', 'p99', 'max', 'timeouts', 'errors', 'load1'] as const;
  return {
    tool,
    connections,
    seconds,
    rounds,
    timeoutS,
    httpWorkers: workers,
    policies: Object.fromEntries(
      variants.map(({ key }) => [
        key,
        {
          runs: runs[key]!,
          median: Object.fromEntries(keys.map((k) => [k, median(runs[key]!.map((x) => x[k]))])),
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
    const cut = key.lastIndexOf(' ');
    const [build, policy] = cut < 0 ? [null, key] : [key.slice(0, cut), key.slice(cut + 1)];
    const name = `${build ? `${build}, ` : ''}${POLICY_NAMES[policy!] ?? policy}`;
    const p99s = runs.map((x) => x.p99).join(' / ');
    return `| ${name} | ${m.rps} | ${m.p50} | ${m.p90} | ${m.p99} (${p99s}) | ${m.max} | ${m.timeouts} | ${m.load1} |`;
  });
  return [
    `mixed reads (${r.tool}), ${r.connections} connections, ${r.seconds} s, HTTP_WORKERS=${r.httpWorkers}, client timeout ${r.timeoutS} s, medians of ${r.rounds} rounds`,
    '| server | req/s | p50 ms | p90 ms | p99 ms (per round) | max ms | timeouts | load (1 min) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
