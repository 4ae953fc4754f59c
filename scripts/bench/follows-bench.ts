/**
 * Matching figures (docs/benchmarks.md): a library whose 10,000 users follow 20 names each
 * (companies, brokers, sectors, analysts and saved searches), then new reports matched against
 * them as the alerts job matches them, and delivered to the inboxes they reach. Time per report
 * (median and p95 over the reports), on SQLite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * on PostgreSQL too.
 *
 *   node --import tsx scripts/bench/follows-bench.ts [--users 10000] [--reports 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Insertable } from 'kysely';
import { pino } from 'pino';
import type { SectorId } from '@rl/contract';
import { SECTOR_IDS } from '@rl/contract';
import { loadConfig } from '../../packages/server/src/config.js';
import { migrateToLatest, type Db } from '../../packages/server/src/db/database.js';
import type { FollowsTable } from '../../packages/server/src/db/schema.js';
import { followSpec, searchAnchors } from '../../packages/server/src/modules/follows/follow-targets.js';
import { matchReport } from '../../packages/server/src/modules/follows/match-report.js';
import { openLibrary } from '../../packages/server/src/wiring/library.js';
import { buildFile } from '../../packages/server/test/factories.js';
import { createTestSchema } from '../../packages/server/test/test-database.js';
import { median, percentile, round } from './stats.js';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '10000' }, reports: { type: 'string', default: '50' } },
});
const USERS = Number(values.users);
const REPORTS = Number(values.reports);
const FOLLOWS_EACH = 20;

/** A fixed pseudo-random sequence: the same library on both databases. */
function random(seed: number) {
  let s = seed >>> 0;
  // mulberry32: 32-bit integer steps, exact in JavaScript numbers.
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const TICKERS = Array.from({ length: 2000 }, (_, i) => `${String(600000 + i)}.SH`);
const ISSUERS = Array.from({ length: 200 }, (_, i) => `Broker ${i} Securities`);
const ANALYSTS = Array.from({ length: 3000 }, (_, i) => `Analyst ${i}`);
const WORDS = Array.from({ length: 50_000 }, (_, i) => `word${i.toString(36)}`);

async function followers(db: Db): Promise<void> {
  const pick = random(7);
  const one = <T>(list: readonly T[]): T => list[Math.floor(pick() * list.length)]!;
  const now = new Date().toISOString();
  for (let start = 0; start < USERS; start += 500) {
    const ids = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => `bench_${start + i}`);
    await db
      .insertInto('users')
      .values(
        ids.map((id) => ({
          id,
          username: id,
          email: `${id}@example.com`,
          phone: null,
          phone_country_code: null,
          password_hash: 'x',
          device_check: 0,
          created_time: now,
          updated_time: now,
        })),
      )
      .execute();
    const follows: Insertable<FollowsTable>[] = [];
    const terms: { term: string; follow_id: string }[] = [];
    for (const user of ids) {
      const specs = new Map<string, ReturnType<typeof followSpec>>();
      while (specs.size < FOLLOWS_EACH) {
        const n = specs.size;
        const spec =
          n < 8
            ? followSpec({ kind: 'company', ticker: one(TICKERS) })
            : n < 12
              ? followSpec({ kind: 'issuer', issuer: one(ISSUERS) })
              : n < 14
                ? followSpec({ kind: 'sector', sector: one(SECTOR_IDS) as SectorId })
                : n < 17
                  ? followSpec({ kind: 'analyst', analyst: one(ANALYSTS) })
                  : followSpec({
                      kind: 'search',
                      search: { keyword: `${one(WORDS)} ${one(WORDS)}`, filter: {} },
                    });
        specs.set(`${spec.kind}/${spec.key}`, spec);
      }
      for (const spec of specs.values()) {
        const id: string = `${user}_${follows.length}`;
        follows.push({
          id,
          user_id: user,
          kind: spec.kind,
          key: spec.key,
          label: spec.label,
          search: spec.search ? JSON.stringify(spec.search) : null,
          created_at: now,
        });
        if (spec.search) for (const term of searchAnchors(spec.search)) terms.push({ term, follow_id: id });
      }
    }
    for (let i = 0; i < follows.length; i += 1000)
      await db
        .insertInto('follows')
        .values(follows.slice(i, i + 1000))
        .execute();
    for (let i = 0; i < terms.length; i += 1000)
      await db
        .insertInto('follow_terms')
        .values(terms.slice(i, i + 1000))
        .execute();
  }
}

/** New reports: a note on a few companies, by a broker and two analysts, 20 pages of words. */
async function reports(db: Db): Promise<number[]> {
  const pick = random(11);
  const one = <T>(list: readonly T[]): T => list[Math.floor(pick() * list.length)]!;
  const seqs: number[] = [];
  for (let i = 0; i < REPORTS; i++) {
    const pages = Array.from({ length: 20 }, () => Array.from({ length: 300 }, () => one(WORDS)).join(' '));
    const f = await buildFile(db, {
      title: `Note ${i}`,
      issuer: one(ISSUERS),
      authors: [one(ANALYSTS), one(ANALYSTS)],
      sector: one(SECTOR_IDS) as SectorId,
      pages,
      stockInformation: [1, 2, 3].map(() => ({
        ticker: one(TICKERS),
        company_name: null,
        rating: null,
        target_price: null,
      })),
    });
    seqs.push(f.seq);
  }
  return seqs;
}

async function bench(databaseUrl: string | undefined): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-bench-follows-'));
  const lib = openLibrary(
    loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dir, 'none'),
      GEOIP_CSV: 'off',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
    pino({ level: 'silent' }),
  );
  try {
    await migrateToLatest(lib.db);
    const t0 = performance.now();
    await followers(lib.db);
    const seqs = await reports(lib.db);
    const setupS = (performance.now() - t0) / 1000;
    const times: number[] = [];
    let reached = 0;
    for (const seq of seqs) {
      const t = performance.now();
      const row = (await lib.repos.files.bySeq(seq))!;
      const pages = await lib.repos.files.pages(seq);
      const matches = await matchReport(lib.repos.follows, { row, pages }, null);
      await lib.repos.inbox.deliver(seq, matches, new Date().toISOString());
      times.push(performance.now() - t);
      reached += matches.size;
    }
    return {
      users: USERS,
      follows: USERS * FOLLOWS_EACH,
      reports: seqs.length,
      setup_s: round(setupS),
      per_report_median_ms: round(median(times)),
      per_report_p95_ms: round(percentile(times, 95)),
      inboxes_reached_per_report: round(reached / seqs.length),
    };
  } finally {
    await lib.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: Record<string, unknown> = { sqlite: await bench(undefined) };
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (server) {
  const schema = await createTestSchema(server);
  try {
    results.postgres = await bench(schema.url);
  } finally {
    await schema.drop();
  }
}
console.log(JSON.stringify(results, null, 2));
