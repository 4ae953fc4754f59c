import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { SECTOR_IDS, type FollowTarget, type SectorId } from '@rl/contract';
import { loadConfig } from '../../packages/server/src/config.js';
import { followSpec, searchAnchors } from '../../packages/server/src/modules/follows/follow-targets.js';
import { matchReport } from '../../packages/server/src/modules/follows/match-report.js';
import { openLibrary } from '../../packages/server/src/wiring/library.js';
import { createTestSchema } from '../../packages/server/test/test-database.js';
import { demoLibrary, ready, type ReadRounds } from './read-bench.js';
import { readLoad, type ReadLoadResult } from './read-load.js';
import { demoToken, runServer } from './server-process.js';
import { median, round } from './stats.js';

/**
 * The inbox page under the read benchmark's load: the compiled server (a cluster of HTTP_WORKERS
 * processes) on the reads' demo library, the paid demo user following the library's brokers, its
 * sectors and a saved search, so that every report reached their inbox. While the mixed reads run
 * at 200 connections (read-load.ts), a second client asks for that user's inbox page
 * (`/api/inbox/list`, the first page, with the unread count) at a steady rate; its latencies are
 * the figure, beside the same probe on the idle server. On SQLite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL (the same library copied there with `db:copy`), the two
 * alternating within each round. Medians over the rounds.
 */

const SERVER_DIR = fileURLToPath(new URL('../../packages/server', import.meta.url));
const PAID = 'paid user';

export interface InboxProbe {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
}

export interface InboxRun {
  idle: InboxProbe;
  underLoad: InboxProbe;
  load: ReadLoadResult;
  load1: number;
}

export interface InboxBenchResult {
  inboxItems: number;
  connections: number;
  seconds: number;
  probeRate: number;
  rounds: number;
  httpWorkers: string;
  databases: Record<string, { runs: InboxRun[]; median: Record<string, number> }>;
}

/** The reads' demo library, copied once, with the paid user's follows and a full inbox. */
async function inboxLibrary(dataRoot: string): Promise<{ dataDir: string; items: number }> {
  const source = join(dataRoot, 'read-load');
  await demoLibrary(source);
  const dataDir = join(dataRoot, 'inbox-load');
  const marker = join(dataDir, 'inbox-ready');
  if (existsSync(marker)) return { dataDir, items: Number(readFileSync(marker, 'utf8')) };
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(source, dataDir, { recursive: true });
  const lib = openLibrary(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', GEOIP_CSV: 'off', WEB_DIST: join(dataDir, 'none') }),
    pino({ level: 'silent' }),
  );
  try {
    const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(PAID));
    const username = line?.split(/\s+/)[2] ?? '';
    const user = await lib.repos.users.byUsername(username);
    if (!user) throw new Error(`no ${PAID} in the demo library`);
    const seqs = (await lib.db.selectFrom('files').select('seq').orderBy('seq').execute()).map((r) => r.seq);
    const issuers = await lib.db.selectFrom('files').select('issuer').distinct().execute();
    const targets: FollowTarget[] = [
      ...issuers.filter((r) => r.issuer.trim()).map((r) => ({ kind: 'issuer' as const, issuer: r.issuer })),
      ...SECTOR_IDS.slice(0, 4).map((sector) => ({ kind: 'sector' as const, sector: sector as SectorId })),
      { kind: 'search', search: { keyword: 'growth', filter: {} } },
    ];
    const now = new Date();
    for (const [i, target] of targets.entries()) {
      const spec = followSpec(target);
      await lib.repos.follows.add(
        user.id,
        `bench_inbox_${i}`,
        spec,
        spec.search ? searchAnchors(spec.search) : [],
        now.toISOString(),
        Number.MAX_SAFE_INTEGER,
      );
    }
    // Each report arrives as the alerts job delivers it, a minute apart, the oldest first.
    let at = now.getTime() - seqs.length * 60_000;
    for (const seq of seqs) {
      const row = await lib.repos.files.bySeq(seq);
      if (!row) continue;
      const matches = await matchReport(
        lib.repos.follows,
        { row, pages: await lib.repos.files.pages(seq) },
        null,
      );
      await lib.repos.inbox.deliver(seq, matches, new Date((at += 60_000)).toISOString());
    }
    const items = await lib.db
      .selectFrom('inbox_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    writeFileSync(marker, String(Number(items.n)));
    return { dataDir, items: Number(items.n) };
  } finally {
    await lib.close();
  }
}

/** The library copied into a fresh schema of `server` by the compiled `db:copy`; dropped by `drop`. */
async function postgresCopy(dataDir: string, server: string) {
  const schema = await createTestSchema(server);
  execFileSync(
    process.execPath,
    [
      join(SERVER_DIR, 'dist', 'main.js'),
      'db:copy',
      '--from',
      `sqlite:${join(dataDir, 'library.db')}`,
      '--to',
      schema.url,
    ],
    { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' },
  );
  return schema;
}

/** The inbox page asked `rate` times a second over `connections`, for `seconds`. */
async function probeInbox(
  t: { url: string; token: string },
  opts: { seconds: number; rate: number; timeoutS: number },
): Promise<InboxProbe> {
  const r = await autocannon({
    url: t.url,
    connections: 4,
    overallRate: opts.rate,
    duration: opts.seconds,
    timeout: opts.timeoutS,
    requests: [
      {
        method: 'POST',
        path: '/api/inbox/list',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${t.token}`,
          'x-fingerprint': 'inbox-probe',
        },
        body: '{}',
      },
    ],
  });
  return {
    requests: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
  };
}

export async function benchInbox(
  dataRoot: string,
  opts: ReadRounds & {
    /** Inbox pages asked a second, idle and under the load. */
    probeRate?: number;
    /** A PostgreSQL server: the same library copied into a schema of it, measured beside SQLite. */
    postgres?: string;
  } = {},
): Promise<InboxBenchResult> {
  const { rounds = 3, connections = 200, seconds = 30, timeoutS = 10, workers = '2', probeRate = 20 } = opts;
  const { dataDir, items } = await inboxLibrary(dataRoot);
  const schema = opts.postgres ? await postgresCopy(dataDir, opts.postgres) : null;
  const databases: { name: string; env: Record<string, string> }[] = [
    { name: 'sqlite', env: {} },
    ...(schema ? [{ name: 'postgres', env: { DATABASE_URL: schema.url } }] : []),
  ];
  const runs: Record<string, InboxRun[]> = Object.fromEntries(databases.map((d) => [d.name, []]));
  try {
    for (let r = 0; r < rounds; r++)
      // Every other round in the reverse order, so neither database always runs right after the other.
      for (const { name, env } of r % 2 ? [...databases].reverse() : databases) {
        const server = await runServer(
          { DATA_DIR: dataDir, HTTP_WORKERS: workers, SEED_COUNT: '0', ...env },
          { compiled: true },
        );
        try {
          await ready(server.url);
          const target = { url: server.url, token: await demoToken(server.url, dataDir, PAID) };
          // Warm: the code optimised and the caches filled, as in the reads' figure.
          await readLoad(target, { connections: 8, seconds: 5, timeoutS });
          await probeInbox(target, { seconds: 3, rate: probeRate, timeoutS });
          const idle = await probeInbox(target, { seconds: 10, rate: probeRate, timeoutS });
          const load1 = round(loadavg()[0] ?? 0, 2);
          const [load, underLoad] = await Promise.all([
            readLoad(target, { connections, seconds, timeoutS }),
            probeInbox(target, { seconds, rate: probeRate, timeoutS }),
          ]);
          const run = { idle, underLoad, load, load1 };
          runs[name]!.push(run);
          console.log(`inbox round ${r + 1} ${name}: ${JSON.stringify(run)}`);
        } finally {
          await server.stop();
        }
      }
  } finally {
    await schema?.drop();
  }
  const m = (xs: number[]) => median(xs);
  return {
    inboxItems: items,
    connections,
    seconds,
    probeRate,
    rounds,
    httpWorkers: workers,
    databases: Object.fromEntries(
      databases.map(({ name }) => {
        const rs = runs[name]!;
        return [
          name,
          {
            runs: rs,
            median: {
              idle_p50: m(rs.map((x) => x.idle.p50)),
              idle_p99: m(rs.map((x) => x.idle.p99)),
              inbox_p50: m(rs.map((x) => x.underLoad.p50)),
              inbox_p90: m(rs.map((x) => x.underLoad.p90)),
              inbox_p99: m(rs.map((x) => x.underLoad.p99)),
              inbox_non2xx: m(rs.map((x) => x.underLoad.non2xx)),
              reads_rps: m(rs.map((x) => x.load.rps)),
              reads_p50: m(rs.map((x) => x.load.p50)),
              reads_p99: m(rs.map((x) => x.load.p99)),
              load1: m(rs.map((x) => x.load1)),
            },
          },
        ];
      }),
    ),
  };
}

export function formatInboxBench(r: InboxBenchResult): string {
  const rows = Object.entries(r.databases).map(([name, { runs, median: x }]) => {
    const p99s = runs.map((run) => run.underLoad.p99).join(' / ');
    return `| ${name} | ${x.idle_p50} / ${x.idle_p99} | ${x.inbox_p50} | ${x.inbox_p90} | ${x.inbox_p99} (${p99s}) | ${x.reads_rps} | ${x.reads_p50} / ${x.reads_p99} | ${x.load1} |`;
  });
  return [
    `inbox page (${r.inboxItems} items, first page) at ${r.probeRate}/s under mixed reads at ${r.connections} connections, ${r.seconds} s, HTTP_WORKERS=${r.httpWorkers}, medians of ${r.rounds} rounds`,
    '| database | idle p50 / p99 ms | inbox p50 ms | p90 ms | p99 ms (per round) | reads req/s | reads p50 / p99 ms | load (1 min) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
