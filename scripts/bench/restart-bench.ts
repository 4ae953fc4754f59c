import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoLibrary } from './read-bench.js';
import { median, round } from './stats.js';

const SERVER_DIR = fileURLToPath(new URL('../../packages/server', import.meta.url));

/** How the server is started: what `npm start` runs (compiled), and the TypeScript sources under tsx. */
const WAYS = {
  compiled: (outDir: string) => [join(outDir, 'main.js'), 'start'],
  tsx: () => ['--import', 'tsx', 'src/main.ts', 'start'],
} as const;

export interface RestartBenchResult {
  rounds: number;
  httpWorkers: string;
  /** Per way: spawn → first /api/health 200, in ms, every run and the median. */
  ways: Record<string, { ms: number[]; median: number; load1: number[] }>;
}

/**
 * A restart of the real server on the 300-report demo library (an existing library: no seeding),
 * the default HTTP_WORKERS, timed from spawn to the first 200 of /api/health (polled every 20 ms),
 * compiled and tsx alternating so both see the same machine.
 */
export async function benchRestart(dataRoot: string, rounds = 5): Promise<RestartBenchResult> {
  const dataDir = join(dataRoot, 'read-load');
  await demoLibrary(dataDir);
  // Beside dist/, at the same depth: assets are found relative to the bundle.
  const outDir = join(SERVER_DIR, '.build-bench');
  execFileSync(process.execPath, ['build.mjs', outDir], { cwd: SERVER_DIR, stdio: 'inherit' });
  const ways: RestartBenchResult['ways'] = {};
  try {
    for (let r = 0; r < rounds; r++)
      for (const [name, args] of Object.entries(WAYS)) {
        const load1 = round(loadavg()[0] ?? 0, 2);
        const ms = await timeToHealth(args(outDir), dataDir);
        const way = (ways[name] ??= { ms: [], median: 0, load1: [] });
        way.ms.push(ms);
        way.load1.push(load1);
        console.log(`restart round ${r + 1} ${name}: ${ms} ms (load ${load1})`);
      }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  for (const way of Object.values(ways)) way.median = Math.round(median(way.ms));
  return { rounds, httpWorkers: process.env.HTTP_WORKERS ?? 'default', ways };
}

async function timeToHealth(args: readonly string[], dataDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
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
      if (ok) return Math.round(performance.now() - t0);
      if (performance.now() - t0 > 120_000) throw new Error('no answer within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export function formatRestartBench(r: RestartBenchResult): string {
  const lines = Object.entries(r.ways).map(
    ([name, w]) => `  ${name}: median ${w.median} ms (${w.ms.join(', ')}; load ${w.load1.join(', ')})`,
  );
  return [`restart to the first /api/health 200, ${r.rounds} runs each:`, ...lines].join('\n');
}
