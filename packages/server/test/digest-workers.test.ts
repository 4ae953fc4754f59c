import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../src/jobs/job-list.js';
import { createAlertsJob } from '../src/modules/follows/alerts-job.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { trialUser } from './library-helpers.js';
import { exited, runCli, waitFor } from './process.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

/**
 * E-mail digests sent by real `worker` processes on one database (SQLite file or PostgreSQL
 * schema), to a real SMTP server in the test process: a worker killed in the middle of its sends
 * loses no digest, and the two workers started after it send each of them once.
 */
const DAY = 86_400_000;
const USERS = 8;

let sink: SmtpSink;
let lib: TestLibrary;
beforeAll(async () => {
  sink = await startSmtpSink();
  lib = await openTestLibrary({ SMTP_URL: sink.url });
});
afterAll(async () => {
  sink?.release();
  await lib?.close();
  await sink?.close();
});

const databaseUrl = () =>
  lib.config.database.kind === 'sqlite' ? `sqlite:${lib.config.database.path}` : lib.config.database.url;

/** A `worker` process on the library's database, looking for digests every second. */
function worker() {
  return runCli(['worker'], {
    DATA_DIR: lib.dir,
    DATABASE_URL: databaseUrl(),
    SMTP_URL: sink.url,
    DIGEST_RUN_INTERVAL_S: '1',
    // A killed sender's digests are taken over after 3 s rather than 5 minutes.
    DIGEST_LEASE_S: '3',
    DIGEST_HOUR: '0',
    PDF_WORKERS: '1',
    SEED_COUNT: '0',
    DEMO_ACCOUNTS: '0',
  });
}

/** The worker id a process logs when its runner starts. */
const started = (child: ReturnType<typeof worker>) =>
  waitFor(
    'the worker to run jobs',
    () => {
      if (child.exitCode !== null) throw new Error(`the worker stopped:\n${child.output()}`);
      return /"worker":"([^"]+)"[^\n]*"msg":"running jobs"/.exec(child.output())?.[1];
    },
    120_000,
  );

/**
 * Users on the default weekly digest, each following an analyst whose note reached their inbox
 * eight days ago: before this week's period started, so each is owed this week's digest now.
 */
async function usersOwedADigest(): Promise<string[]> {
  lib.clock.set(new Date(Date.now() - 8 * DAY).toISOString());
  const alerts = createAlertsJob({
    files: lib.repos.files,
    follows: lib.repos.follows,
    inbox: lib.repos.inbox,
    clock: lib.clock,
  });
  const emails: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await trialUser(lib);
    const analyst = `Killed Worker Analyst ${i}`;
    const followed = await call(lib.app, '/api/follow/add', { target: { kind: 'analyst', analyst } }, user);
    expect(followed.status).toBe(200);
    const f = await buildFile(lib.db, { title: `Note by ${analyst}`, authors: [analyst] });
    expect(await alerts.runStep('match', { file_seq: f.seq }, {} as JobRow)).toBe('done');
    const row = await lib.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    emails.push(row.email!);
  }
  return emails;
}

const digests = () =>
  lib.db.selectFrom('digests').select(['user_id', 'state', 'attempts', 'locked_by']).execute();
const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));

describe('a worker killed while it sends digests', () => {
  it('loses none and doubles none: two workers started after it send each digest once', async () => {
    const emails = await usersOwedADigest();
    // The first mail it sends stalls before the server accepts it: the worker is mid-send, with
    // the rest of what it claimed behind that mail.
    sink.hold(emails);
    const killed = worker();
    try {
      const killedId = await started(killed);
      await waitFor('a digest mid-send', () => (sink.heldCount() > 0 ? true : undefined), 120_000);
      killed.kill('SIGKILL');
      await exited(killed);
      const claimed = await digests();
      expect(claimed).toHaveLength(USERS);
      expect(claimed.filter((d) => d.state !== 'sending' || d.locked_by !== killedId)).toEqual([]);
      expect(sink.received).toEqual([]);
      sink.release();

      const restarted = [worker(), worker()];
      try {
        const ids = await Promise.all(restarted.map(started));
        await waitFor(
          'every digest sent',
          async () => ((await digests()).every((d) => d.state === 'sent') ? true : undefined),
          120_000,
        );
        for (const email of emails) expect(mailsTo(email), email).toHaveLength(1);
        expect(sink.received).toHaveLength(USERS);
        // Each sent on its second try, by the workers after it, once its lease had run out.
        for (const d of await digests()) {
          expect(d.attempts).toBe(2);
          expect(ids).toContain(d.locked_by);
        }
      } finally {
        for (const child of restarted) child.kill('SIGTERM');
        expect(await Promise.all(restarted.map(exited))).toEqual([0, 0]);
      }
    } finally {
      if (killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
    }
  }, 400_000);
});
