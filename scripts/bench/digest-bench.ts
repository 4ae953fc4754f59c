/**
 * A digest run of many users (docs/benchmarks.md): 10,000 users on a daily digest in three time
 * zones and both languages, five new reports each in their inbox; the scan that queues their
 * periods, then the sending of every digest to a real SMTP server on 127.0.0.1 (the `smtp-server`
 * package, in this process), as the digests job does both. On SQLite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL too.
 *
 *   node --import tsx scripts/bench/digest-bench.ts [--users 10000] [--reports 300]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../../packages/server/src/config.js';
import { migrateToLatest, type Db } from '../../packages/server/src/db/database.js';
import { queueDueDigests } from '../../packages/server/src/modules/digests/scan.js';
import { sendDueDigests } from '../../packages/server/src/modules/digests/send.js';
import { openLibrary } from '../../packages/server/src/wiring/library.js';
import { buildFile } from '../../packages/server/test/factories.js';
import { startSmtpSink } from '../../packages/server/test/smtp-sink.js';
import { createTestSchema } from '../../packages/server/test/test-database.js';
import { round } from './stats.js';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '10000' }, reports: { type: 'string', default: '300' } },
});
const USERS = Number(values.users);
const REPORTS = Number(values.reports);
const ITEMS_EACH = 5;
const ZONES = ['Asia/Shanghai', 'Europe/London', 'America/New_York'];

/** The users, their daily digest settings and the reports in their inboxes (arrived 30 hours ago). */
async function library(db: Db, arrivedAt: string): Promise<void> {
  const seqs: number[] = [];
  for (let i = 0; i < REPORTS; i++) {
    const f = await buildFile(db, {
      title: `Company ${i}: quarterly review`,
      issuer: `Broker ${i % 40} Securities`,
      stockInformation:
        i % 3 === 0
          ? [
              {
                ticker: `${600000 + i}.SH`,
                company_name: `Company ${i}`,
                rating: 'Hold',
                rating_normalised: 'hold',
                rating_action: 'downgrade',
                previous_rating: 'Buy',
                target_price: null,
                target_price_value: 42,
                currency: 'CNY',
              },
            ]
          : [],
    });
    await db
      .updateTable('files')
      .set({ summary: `Company ${i} grew revenue by ${i % 17} per cent. More follows.` })
      .where('seq', '=', f.seq)
      .execute();
    seqs.push(f.seq);
  }
  const now = new Date().toISOString();
  for (let start = 0; start < USERS; start += 500) {
    const ids = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => start + i);
    await db
      .insertInto('users')
      .values(
        ids.map((n) => ({
          id: `bench_${n}`,
          username: `bench_${n}`,
          email: `bench_${n}@example.com`,
          phone: null,
          phone_country_code: null,
          password_hash: 'x',
          device_check: 0,
          settings: JSON.stringify({
            language: n % 2 ? 'zh' : 'en',
            digest: 'daily',
            time_zone: ZONES[n % ZONES.length],
          }),
          user_level: 'paid_v0',
          created_time: now,
          updated_time: now,
        })),
      )
      .execute();
    await db
      .insertInto('inbox_items')
      .values(
        ids.flatMap((n) =>
          Array.from({ length: ITEMS_EACH }, (_, k) => ({
            user_id: `bench_${n}`,
            file_seq: seqs[(n * 7 + k * 13) % seqs.length]!,
            follow_ids: '[]',
            arrived_at: arrivedAt,
          })),
        ),
      )
      .execute();
  }
}

async function bench(databaseUrl: string | undefined): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-bench-digests-'));
  const sink = await startSmtpSink();
  const lib = openLibrary(
    loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dir, 'none'),
      GEOIP_CSV: 'off',
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://research.example.com',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    }),
    pino({ level: 'silent' }),
  );
  try {
    await migrateToLatest(lib.db);
    const t0 = performance.now();
    await library(lib.db, new Date(Date.now() - 30 * 3600_000).toISOString());
    const setupS = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    const queued = await queueDueDigests({
      repo: lib.repos.digests,
      links: lib.digests.links,
      now: new Date(),
      hour: lib.digests.hour,
    });
    const scanS = (performance.now() - t1) / 1000;
    // A second scan finds every period queued: what each minute's run costs afterwards.
    const t2 = performance.now();
    await queueDueDigests({
      repo: lib.repos.digests,
      links: lib.digests.links,
      now: new Date(),
      hour: lib.digests.hour,
    });
    const rescanS = (performance.now() - t2) / 1000;

    const t3 = performance.now();
    const tally = await sendDueDigests(
      {
        repo: lib.repos.digests,
        users: lib.repos.users,
        mailer: lib.digests.mailer,
        links: lib.digests.links,
        clock: lib.clock,
      },
      'bench-worker',
    );
    const sendS = (performance.now() - t3) / 1000;
    return {
      users: USERS,
      digests_queued: queued,
      digests_sent: tally.sent,
      mails_received: sink.received.length,
      setup_s: round(setupS),
      scan_s: round(scanS),
      rescan_s: round(rescanS),
      send_s: round(sendS),
      sent_per_s: round(tally.sent / sendS),
    };
  } finally {
    await lib.close();
    await sink.close();
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
