import type { ChildProcess } from 'node:child_process';
import { basename, join } from 'node:path';
import { exited, runCli, waitFor } from './process.js';

/**
 * API instances (`main.ts start` with JOBS=off) and job workers (`main.ts worker`) as real child
 * processes sharing one database and one file store, each with a DATA_DIR of its own (nothing of
 * theirs may depend on a shared folder). Every process tags its database connections with an
 * application_name, so a test can see in pg_stat_activity what a given process is doing.
 */

export type ClusterChild = ChildProcess & { output: () => string };

export interface ClusterProcess {
  /** `api-1`, `worker-2`, ...: the name of its DATA_DIR under the cluster's folder. */
  name: string;
  /** The application_name of its PostgreSQL connections (pg_stat_activity): unique to this cluster. */
  appName: string;
  child: ClusterChild;
}
export interface ApiInstance extends ClusterProcess {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
}
export interface WorkerProcess extends ClusterProcess {
  /** The id its job runner writes into the jobs it holds (jobs.locked_by). */
  workerId: string;
}

export interface Cluster {
  apis: ApiInstance[];
  workers: WorkerProcess[];
  all(): ClusterProcess[];
  /** The last `chars` of every process's log, for a failure's report. */
  logTails(chars?: number): string;
  /** SIGTERM to every process still running, SIGKILL to those not gone within `graceMs`; exit codes by name. */
  stop(graceMs?: number): Promise<Record<string, number | null>>;
}

/** A busy machine may take long to load and start a process: starting is not what is tested. */
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 30_000;

/** The DATABASE_URL with the process's name as application_name (PostgreSQL URLs only). */
export function taggedDatabaseUrl(url: string, name: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

/** Named after the cluster's (temporary, unique) folder too: other tests' processes share the server. */
const appNameOf = (name: string, dir: string) => `${basename(dir)}/${name}`;

/** A process's own environment on top of the shared one: DATA_DIR under `dir`, tagged database URL. */
function envOf(name: string, dir: string, shared: Record<string, string>): Record<string, string> {
  return {
    ...shared,
    DATA_DIR: join(dir, name),
    ...(shared.DATABASE_URL
      ? { DATABASE_URL: taggedDatabaseUrl(shared.DATABASE_URL, appNameOf(name, dir)) }
      : {}),
  };
}

/**
 * The failure of a start whose migration check lists the tables of every schema on the server
 * (Kysely's introspection) while another test drops its own schema: nothing of this cluster's.
 */
const OTHER_SCHEMA_DROPPED = /error: schema "[^"]+" does not exist[\s\S]*introspector/;
const START_ATTEMPTS = 3;

/**
 * Starts `main.ts <args>` and waits for the line of its log that `pattern` captures a value from;
 * fails, with its log, if it exits first. A start that failed only because another test's schema
 * vanished under its migration check is tried again.
 */
async function launch(
  name: string,
  args: string[],
  env: Record<string, string>,
  what: string,
  pattern: RegExp,
): Promise<{ child: ClusterChild; value: string }> {
  for (let attempt = 1; ; attempt++) {
    const child = runCli(args, env);
    try {
      const value = await waitFor(
        `${name}: ${what}`,
        () => {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(
              `${name} exited (${child.exitCode ?? child.signalCode}) at start:\n${child.output()}`,
            );
          return pattern.exec(child.output())?.[1];
        },
        START_TIMEOUT_MS,
      );
      return { child, value };
    } catch (err) {
      await stopChild(child, 0);
      if (attempt >= START_ATTEMPTS || !OTHER_SCHEMA_DROPPED.test(child.output())) throw err;
      console.warn(
        `${name}: another test's schema was dropped during its migration check; starting it again`,
      );
    }
  }
}

/** `main.ts start` serving HTTP only (JOBS=off), one process (HTTP_WORKERS=1), on a free port. */
export async function startApi(
  name: string,
  dir: string,
  shared: Record<string, string>,
): Promise<ApiInstance> {
  const env = { ...envOf(name, dir, shared), JOBS: 'off', HTTP_WORKERS: '1', PORT: '0', HOST: '127.0.0.1' };
  const { child, value: url } = await launch(
    name,
    ['start'],
    env,
    'listening',
    /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"server listening"/,
  );
  return { name, appName: appNameOf(name, dir), child, url };
}

/** `main.ts worker`: jobs only; answers once its runner runs, with its worker id. */
export async function startWorker(
  name: string,
  dir: string,
  shared: Record<string, string>,
): Promise<WorkerProcess> {
  const { child, value: workerId } = await launch(
    name,
    ['worker'],
    envOf(name, dir, shared),
    'running jobs',
    /"worker":"([^"]+)"[^\n]*"msg":"running jobs"/,
  );
  return { name, appName: appNameOf(name, dir), child, workerId };
}

/**
 * `apis` API instances and `workers` workers on the environment `shared` (DATABASE_URL,
 * STORAGE_URL, SIGNING_SECRET, ...), started at once; if one fails to start, the others are
 * stopped and the failure is thrown.
 */
export async function startCluster(opts: {
  dir: string;
  shared: Record<string, string>;
  apis: number;
  workers: number;
}): Promise<Cluster> {
  const names = (kind: string, n: number) => Array.from({ length: n }, (_, i) => `${kind}-${i + 1}`);
  const starting = [
    ...names('api', opts.apis).map((n) => startApi(n, opts.dir, opts.shared)),
    ...names('worker', opts.workers).map((n) => startWorker(n, opts.dir, opts.shared)),
  ];
  const settled = await Promise.allSettled(starting);
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((p) => stopChild(p.child, STOP_GRACE_MS)));
    throw failed.reason;
  }
  const apis = started.filter((p): p is ApiInstance => 'url' in p);
  const workers = started.filter((p): p is WorkerProcess => 'workerId' in p);
  const all = () => [...apis, ...workers];
  return {
    apis,
    workers,
    all,
    logTails: (chars = 4000) =>
      all()
        .map((p) => `----- ${p.name} (pid ${p.child.pid}) -----\n${p.child.output().slice(-chars)}`)
        .join('\n'),
    async stop(graceMs = STOP_GRACE_MS) {
      const codes = await Promise.all(all().map((p) => stopChild(p.child, graceMs)));
      return Object.fromEntries(all().map((p, i) => [p.name, codes[i] ?? null]));
    },
  };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * SIGTERM, then SIGKILL if the process is still there after `graceMs`; answers its exit code (null
 * when a signal ended it). A process that already ended answers its code at once.
 */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<number | null> {
  if (!running(child)) return child.exitCode;
  const gone = exited(child);
  child.kill('SIGCONT'); // a stopped process cannot handle SIGTERM
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  const first = await Promise.race([gone, late]);
  clearTimeout(timer);
  if (first !== 'late') return first;
  child.kill('SIGKILL');
  return gone;
}
