import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineBuild, baselineCommit } from './baseline-build.js';
import { demoLibrary } from './read-bench.js';
import { childrenOf } from './server-memory.js';
import { median, round } from './stats.js';

const SERVER_DIR = fileURLToPath(new URL('../../packages/server', import.meta.url));

/** How the server before was stopped: `npm start`'s SIGTERM, or killed (kill -9 of every process). */
const STOPS = ['graceful', 'kill -9'] as const;
type Stop = (typeof STOPS)[number];

/** One start: spawn → first /api/health 200, and when the log said what, from spawn (ms). */
export interface RestartRun {
  ms: number;
  /** The first HTTP process's "server listening". */
  listening: number | null;
  /**
   * CPU time the server's processes (primary and HTTP workers) had spent when health answered,
   * from /proc (null elsewhere): what the start costs, which a busy machine stretches less than wall time.
   */
  cpuMs: number | null;
  load1: number;
}

export interface RestartBenchResult {
  rounds: number;
  httpWorkers: string;
  /** The commit the build before was compiled from. */
  before: string;
  /** Per `build, stop`: every run and the medians. */
  ways: Record<
    string,
    {
      runs: RestartRun[];
      median: { ms: number; listening: number | null; cpuMs: number | null; load1: number };
    }
  >;
}

/**
 * A restart of the real server on the 300-report demo library (an existing library: no seeding),
 * the default HTTP_WORKERS, timed from spawn to the first 200 of /api/health (polled every 20 ms):
 * the build before (`before`, default: where this branch left main, compiled in a temporary
 * folder, baseline-build.ts) and this checkout's, both compiled as `npm start` runs them, after a
 * graceful stop and after a kill -9 of the server before, every variant once per round, in
 * alternating order, so all see the same machine.
 */
export async function benchRestart(
  dataRoot: string,
  opts: { rounds?: number; before?: string } = {},
): Promise<RestartBenchResult> {
  const { rounds = 5 } = opts;
  const dataDir = join(dataRoot, 'read-load');
  await demoLibrary(dataDir);
  const before = baselineCommit(opts.before);
  const baseline = baselineBuild(before);
  // Beside dist/, at the same depth: assets are found relative to the bundle.
  const outDir = join(SERVER_DIR, '.build-bench');
  execFileSync(process.execPath, ['build.mjs', outDir], { cwd: SERVER_DIR, stdio: 'inherit' });
  const builds = { [`before (${before.slice(0, 7)})`]: baseline.dist, after: outDir };
  const variants = Object.entries(builds).flatMap(([build, dist]) =>
    STOPS.map((stop) => ({
      key: `${build}, after ${stop === 'graceful' ? 'a graceful stop' : 'kill -9'}`,
      dist,
      stop,
    })),
  );
  const runs: Record<string, RestartRun[]> = Object.fromEntries(variants.map((v) => [v.key, []]));
  try {
    for (let r = 0; r < rounds; r++)
      for (const { key, dist, stop } of r % 2 ? [...variants].reverse() : variants) {
        // The server before this one, stopped as the variant says; then the timed start.
        const previous = await startServer(dist, dataDir);
        await stopServer(previous.child, stop);
        const run = await startServer(dist, dataDir);
        await stopServer(run.child, 'graceful');
        runs[key]!.push(run.run);
        console.log(`restart round ${r + 1} ${key}: ${JSON.stringify(run.run)}`);
      }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    baseline.remove();
  }
  const med = (xs: (number | null)[]) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length ? Math.round(median(known)) : null;
  };
  return {
    rounds,
    httpWorkers: process.env.HTTP_WORKERS ?? 'default',
    before,
    ways: Object.fromEntries(
      variants.map(({ key }) => {
        const list = runs[key]!;
        return [
          key,
          {
            runs: list,
            median: {
              ms: med(list.map((x) => x.ms))!,
              listening: med(list.map((x) => x.listening)),
              cpuMs: med(list.map((x) => x.cpuMs)),
              load1: round(median(list.map((x) => x.load1)), 2),
            },
          },
        ];
      }),
    ),
  };
}

async function startServer(dist: string, dataDir: string): Promise<{ child: ChildProcess; run: RestartRun }> {
  const load1 = round(loadavg()[0] ?? 0, 2);
  const spawnedAt = Date.now();
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(dist, 'main.js'), 'start'], {
    cwd: join(dist, '..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(log)?.[1];
      const ok =
        url !== undefined &&
        (await fetch(`${url}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        ));
      if (ok) break;
      if (performance.now() - t0 > 120_000) throw new Error('no answer within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch (err) {
    await stopServer(child, 'kill -9');
    throw err;
  }
  const ms = Math.round(performance.now() - t0);
  const cpuMs = cpuTimeMs([child.pid!, ...childrenOf(child.pid!)]);
  // pino's time is the epoch in ms: the log says when the first HTTP process listened.
  const at = /"time":(\d+)[^\n]*"msg":"server listening"/.exec(log)?.[1];
  return { child, run: { ms, listening: at ? Number(at) - spawnedAt : null, cpuMs, load1 } };
}

/** User and system CPU time of the processes so far (ms; Linux clock ticks of 10 ms), or null. */
function cpuTimeMs(pids: number[]): number | null {
  try {
    const ticks = pids.reduce((sum, pid) => {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    }, 0);
    return ticks * 10;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops a server: SIGTERM and its own shutdown, or SIGKILL to the primary and every worker. */
async function stopServer(child: ChildProcess, stop: Stop): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  if (stop === 'graceful') {
    child.kill('SIGTERM');
    await exited;
    return;
  }
  const workers = childrenOf(child.pid!);
  child.kill('SIGKILL');
  for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await exited;
  while (workers.some(alive)) await new Promise((r) => setTimeout(r, 20));
}

export function formatRestartBench(r: RestartBenchResult): string {
  const rows = Object.entries(r.ways).map(
    ([name, w]) =>
      `| ${name} | **${w.median.ms}** | ${w.runs.map((x) => x.ms).join(', ')} | ${w.median.listening ?? '–'} | ${w.median.cpuMs ?? '–'} | ${w.runs.map((x) => x.load1).join(', ')} |`,
  );
  return [
    `restart: spawn → first /api/health 200, HTTP_WORKERS=${r.httpWorkers}, medians of ${r.rounds} rounds`,
    '| build, how the server before stopped | median ms | runs (ms) | first "server listening" (median ms) | CPU ms of all processes at the first 200 (median) | load (1 min) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
