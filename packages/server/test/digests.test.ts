import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminDigestListResponse,
  AdminUserFollowsResponse,
  ErrorBody,
  FollowAnswer,
  StockInformation,
  UserInfo,
} from '@rl/contract';
import type { JobRow } from '../src/jobs/job-list.js';
import { queueDueDigests } from '../src/modules/digests/scan.js';
import { queueDigestRun } from '../src/modules/digests/schedule.js';
import { DIGEST_MAX_ATTEMPTS, DIGEST_RETRY_BASE_MS, sendDueDigests } from '../src/modules/digests/send.js';
import { createUnsubscribeService } from '../src/modules/digests/unsubscribe.js';
import { createAlertsJob } from '../src/modules/follows/alerts-job.js';
import { createMailer } from '../src/platform/mail.js';
import type { Outbox } from '../src/platform/outbox.js';
import { adminSession, manageCall } from './admin-helpers.js';
import { buildFile, type FileSpec } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, trialUser, type TestUser } from './library-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const PUBLIC_URL = 'https://research.example.com';
const HOUR = 8;

let sink: SmtpSink;
let lib: TestLibrary;
beforeAll(async () => {
  sink = await startSmtpSink();
  lib = await openTestLibrary({ SMTP_URL: sink.url, PUBLIC_URL, DIGEST_HOUR: String(HOUR) }, { jobs: true });
});
afterAll(async () => {
  await lib?.close();
  await sink?.close();
});

const at = (iso: string) => lib.clock.set(iso);
/** A console session opened at the clock's time (it ends after a while unused). */
const consoleToken = async () => (await adminSession(lib)).token;
const settings = (token: string, body: Record<string, unknown>) =>
  call<{ settings: UserInfo['settings'] } & ErrorBody>(lib.app, '/api/user/settings', body, { token });
const infoOf = async (token: string) =>
  (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token })).body.user_info;
const follow = (token: string, target: unknown) =>
  call<FollowAnswer>(lib.app, '/api/follow/add', { target }, { token });
const emailOf = async (user: TestUser) =>
  (await lib.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow())
    .email!;
const mailsTo = (email: string) => sink.received.filter((m) => m.to.includes(email));
const digestsOf = (user: TestUser) =>
  lib.db.selectFrom('digests').selectAll().where('user_id', '=', user.id).orderBy('id').execute();

/** Queues the periods owed at the clock's time, as the job's scan does. */
const scan = () =>
  queueDueDigests({ repo: lib.repos.digests, links: lib.digests.links, now: lib.clock.now(), hour: HOUR });
/** Sends the due digests as a worker `worker` would (a lease of `leaseMs` on the database's clock). */
const send = (worker: string, leaseMs?: number) =>
  sendDueDigests(
    {
      repo: lib.repos.digests,
      users: lib.repos.users,
      mailer: lib.digests.mailer,
      links: lib.digests.links,
      clock: lib.clock,
      ...(leaseMs !== undefined && { leaseMs }),
    },
    worker,
  );

const note = (s: Partial<StockInformation> & { ticker: string }): StockInformation => ({
  company_name: null,
  rating: null,
  target_price: null,
  ...s,
});

/** A report reaching the inboxes at the clock's time (as the alerts job delivers it), with its summaries. */
async function arrives(
  spec: FileSpec & { summary?: string; zhSummary?: string },
): Promise<{ id: string; seq: number }> {
  const f = await buildFile(lib.db, spec);
  await lib.db
    .updateTable('files')
    .set({
      summary: spec.summary ?? '',
      multi_language_summary: JSON.stringify(spec.zhSummary ? { 'zh-hans': spec.zhSummary } : {}),
    })
    .where('seq', '=', f.seq)
    .execute();
  const job = createAlertsJob({
    files: lib.repos.files,
    follows: lib.repos.follows,
    inbox: lib.repos.inbox,
    clock: lib.clock,
  });
  expect(await job.runStep('match', { file_seq: f.seq }, {} as JobRow)).toBe('done');
  return f;
}

const DOWNGRADE = note({
  ticker: '0700.HK',
  company_name: 'Tencent',
  rating: 'Hold',
  rating_normalised: 'hold',
  rating_action: 'downgrade',
  previous_rating: 'Buy',
  target_price: 'HKD 420',
  target_price_value: 420,
  currency: 'HKD',
  previous_target_price: 480,
});

describe('digest settings', () => {
  it('are weekly in the default zone until chosen; a zone is checked with Intl and spelled as it spells it', async () => {
    const user = await paidUser(lib);
    expect((await infoOf(user.token)).settings).toMatchObject({ digest: 'weekly', time_zone: null });
    const r = await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'europe/london' });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({ digest: 'daily', time_zone: 'Europe/London' });
    for (const time_zone of ['Mars/Olympus', '+08:00', 'x'.repeat(65), 42]) {
      const bad = await settings(user.token, { language: 'en', time_zone, digest: 'off' });
      expect(bad.status, String(time_zone)).toBe(400);
    }
    expect((await infoOf(user.token)).settings).toMatchObject({
      digest: 'daily',
      time_zone: 'Europe/London',
    });
    // Other settings saved without the digest's leave it as it is.
    await settings(user.token, { language: 'zh', date_format: 'DD/MM/YYYY' });
    expect((await infoOf(user.token)).settings).toMatchObject({ digest: 'daily', language: 'zh' });
  });

  it('answers the free plan’s wall to a daily digest and changes nothing; weekly and off are its to choose', async () => {
    const free = await trialUser(lib);
    const wall = await settings(free.token, { language: 'en', digest: 'daily', time_zone: 'UTC' });
    expect(wall.status).toBe(403);
    expect(wall.body).toMatchObject({ code: 'quota_exceeded', reason: 'digest_frequency' });
    expect(wall.body.error_msg).toMatch(/weekly/);
    expect((await infoOf(free.token)).settings).toMatchObject({ digest: 'weekly', time_zone: null });
    expect((await settings(free.token, { language: 'en', digest: 'off' })).body.settings.digest).toBe('off');
    expect((await settings(free.token, { language: 'en', digest: 'weekly' })).body.settings.digest).toBe(
      'weekly',
    );
  });
});

describe('a daily digest in Shanghai', () => {
  let user: TestUser;
  let email: string;
  let plain: { id: string };
  let downgrade: { id: string };
  beforeAll(async () => {
    at('2026-12-01T09:00:00.000Z');
    user = await paidUser(lib);
    email = await emailOf(user);
    await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'Asia/Shanghai' });
    await follow(user.token, { kind: 'company', ticker: '0700.HK' });
    await follow(user.token, { kind: 'issuer', issuer: 'Harbor Lane Research' });
  });

  it('starts its day at 08:00 Shanghai time and lists what arrived before, rating changes first', async () => {
    at('2026-12-01T10:00:00.000Z');
    plain = await arrives({
      title: 'Copper: the long view',
      issuer: 'Harbor Lane Research',
      publishDate: '2026-11-30',
      summary: 'Copper demand outgrows supply through 2028. Prices follow.',
    });
    at('2026-12-01T12:00:00.000Z');
    downgrade = await arrives({
      title: 'Tencent: downgrade to Hold',
      issuer: 'Northbridge Securities',
      publishDate: '2026-12-01',
      stockInformation: [DOWNGRADE],
      summary: 'We move to Hold on slower games revenue. Valuation is full.',
    });
    // 07:59:59 on 2 December in Shanghai: still the period of 1 December, which began before both arrived.
    at('2026-12-01T23:59:59.000Z');
    await scan();
    expect(await digestsOf(user)).toEqual([]);
    // 08:00 in Shanghai (00:00 UTC): the period of 2 December lists both.
    at('2026-12-02T00:00:00.000Z');
    await scan();
    expect((await digestsOf(user)).map((d) => [d.period, d.state])).toEqual([['d:2026-12-02', 'queued']]);
    await send('worker-a');
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);

    expect(mail!.subject).toBe('Your daily digest of new reports on what you follow: 2');
    const [row] = await digestsOf(user);
    expect(row).toMatchObject({
      state: 'sent',
      item_count: 2,
      attempts: 1,
      sent_at: '2026-12-02T00:00:00.000Z',
    });
    expect(mail!.headers.get('message-id')).toBe(`<digest.d-2026-12-02.${user.id}@research.example.com>`);
    const unsubscribe = /^<(https:\/\/research\.example\.com\/api\/pub\/digest\/unsubscribe\?[^>]+)>$/.exec(
      mail!.headers.get('list-unsubscribe') ?? '',
    );
    expect(unsubscribe).not.toBeNull();
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(unsubscribe![1]);

    const text = mail!.text;
    // The downgrade arrived later but is listed first; each with broker, date, view, first sentence, link.
    const first = text.indexOf('Tencent: downgrade to Hold');
    const second = text.indexOf('Copper: the long view');
    expect(first).toBeGreaterThan(text.indexOf('Rating changes'));
    expect(second).toBeGreaterThan(text.indexOf('New reports'));
    expect(first).toBeLessThan(second);
    expect(text).toContain('Northbridge Securities · 2026-12-01');
    expect(text).toContain('Tencent: downgraded to Hold (from Buy), target 420 HKD (was 480)');
    expect(text).toContain('We move to Hold on slower games revenue.');
    expect(text).not.toContain('Valuation is full.');
    expect(text).toContain(`${PUBLIC_URL}/home/file?file=${downgrade.id}`);
    expect(text).toContain('Harbor Lane Research · 2026-11-30');
    expect(text).toContain('Copper demand outgrows supply through 2028.');
    expect(text).toContain(`${PUBLIC_URL}/home/file?file=${plain.id}`);
    expect(text).toContain('since 2026-11-30');
  });

  it('sends each period once: a later arrival waits for the next day', async () => {
    at('2026-12-02T00:30:00.000Z');
    const later = await arrives({
      title: 'Tencent: results preview',
      stockInformation: [note({ ticker: '0700.HK' })],
    });
    at('2026-12-02T09:00:00.000Z');
    await scan();
    await send('worker-a');
    expect(mailsTo(email)).toHaveLength(1);
    at('2026-12-03T00:00:00.000Z');
    await scan();
    await scan();
    await send('worker-a');
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your daily digest of new reports on what you follow: 1');
    expect(mails[1]!.text).toContain(`file=${later.id}`);
    expect(mails[1]!.text).not.toContain(`file=${plain.id}`);
    expect((await digestsOf(user)).map((d) => d.period)).toEqual(['d:2026-12-02', 'd:2026-12-03']);
  });

  it('shows the console the user’s follows and last digest (administrators only)', async () => {
    const r = await manageCall<AdminUserFollowsResponse>(
      lib,
      'user/follows',
      { user_id: user.id },
      await consoleToken(),
    );
    expect(r.status).toBe(200);
    expect(r.body.follows.map((f) => f.kind).sort()).toEqual(['company', 'issuer']);
    expect(r.body).toMatchObject({ digest: 'daily', digest_sent: 'daily', time_zone: 'Asia/Shanghai' });
    expect(r.body.last_digest).toMatchObject({
      period: 'd:2026-12-03',
      state: 'sent',
      item_count: 1,
      sent_time: '2026-12-03T00:00:00.000Z',
    });
    expect((await manageCall(lib, 'user/follows', { user_id: user.id })).status).toBe(401);
    expect((await manageCall(lib, 'user/follows', { user_id: user.id }, user.token)).status).toBe(401);
  });

  it('unsubscribes through the signed link without login; a tampered link is refused and changes nothing', async () => {
    const link = /<([^>]+)>/.exec(mailsTo(email)[0]!.headers.get('list-unsubscribe')!)![1]!;
    const path = link.slice(PUBLIC_URL.length);
    const other = await paidUser(lib);
    const sig = new URL(link).searchParams.get('sig')!;
    const tampered = [
      path.replace(/sig=[^&]+/, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      path.replace(user.id, other.id),
      `/api/pub/digest/unsubscribe?user=${user.id}&sig=forged`,
    ];
    for (const url of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await lib.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          ...(method === 'POST' && { payload: 'List-Unsubscribe=One-Click' }),
        });
        expect(r.statusCode, `${method} ${url}`).toBe(403);
        expect(r.json()).toMatchObject({
          code: 'link_invalid',
          reason: 'link',
          error_msg: expect.any(String),
        });
      }
    }
    expect((await infoOf(user.token)).settings.digest).toBe('daily');
    expect((await infoOf(other.token)).settings.digest).toBe('weekly');

    // GET shows what the link does (a link scanner's visit changes nothing).
    const page = await lib.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Unsubscribe');
    expect((await infoOf(user.token)).settings.digest).toBe('daily');
    // A mail client's one-click POST (RFC 8058), then the page's button: both turn it off, once.
    const oneClick = await lib.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ ok: true });
    expect((await infoOf(user.token)).settings.digest).toBe('off');
    const button = await lib.app.inject({
      method: 'POST',
      url: path,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain('no more digests');

    // Off: a new report reaches the inbox, and no digest is queued for it.
    at('2026-12-03T05:00:00.000Z');
    await arrives({ title: 'Tencent: after the call', stockInformation: [note({ ticker: '0700.HK' })] });
    at('2026-12-04T00:00:00.000Z');
    await scan();
    expect((await digestsOf(user)).map((d) => d.period)).toEqual(['d:2026-12-02', 'd:2026-12-03']);
  });
});

describe('unsubscribing', () => {
  it('turns the digest off and keeps a settings save made while it was under way', async () => {
    const user = await paidUser(lib);
    await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'Europe/London' });
    const sig = new URL(lib.digests.links.unsubscribeUrl(user.id)).searchParams.get('sig')!;
    // The account is read, then the user saves other settings before the unsubscribe writes.
    const users = {
      ...lib.repos.users,
      async byId(id: string) {
        const row = await lib.repos.users.byId(id);
        expect((await settings(user.token, { language: 'zh', date_format: 'DD/MM/YYYY' })).status).toBe(200);
        return row;
      },
    };
    const service = createUnsubscribeService({ users, links: lib.digests.links, clock: lib.clock });
    expect(await service.unsubscribe(user.id, sig)).toMatchObject({ language: 'en', off: false });
    expect((await infoOf(user.token)).settings).toMatchObject({
      digest: 'off',
      language: 'zh',
      date_format: 'DD/MM/YYYY',
      time_zone: 'Europe/London',
    });
  });
});

describe('a weekly digest in New York, in Chinese, sent by the digests job', () => {
  it('starts its week on Monday 08:00 New York time and is written in the user’s language', async () => {
    at('2026-12-08T12:00:00.000Z');
    const user = await trialUser(lib);
    const email = await emailOf(user);
    await settings(user.token, { language: 'zh', time_zone: 'America/New_York' });
    await follow(user.token, { kind: 'company', ticker: '0700.HK' });
    at('2026-12-09T15:00:00.000Z');
    const f = await arrives({
      title: '腾讯控股：下调至中性',
      issuer: '港湾研究',
      publishDate: '2026-12-09',
      language: 'zh',
      stockInformation: [{ ...DOWNGRADE, company_name: '腾讯控股', rating: null, previous_rating: '买入' }],
      summary: 'We move to Hold. More below.',
      zhSummary: '游戏收入放缓，下调至中性。估值已充分。',
    });
    // As the runtime's timer queues a run: only when a digest may be owed.
    const runJob = async () => {
      const deps = { jobs: lib.repos.jobs, digests: lib.repos.digests, clock: lib.clock };
      expect(await queueDigestRun(deps)).toBe(true);
      lib.runner!.notify();
      await lib.runner!.idle();
    };
    // Monday 14 December, 07:59 in New York (EST, UTC-5): still the week that began on the 7th.
    at('2026-12-14T12:59:00.000Z');
    await runJob();
    expect(mailsTo(email)).toEqual([]);
    at('2026-12-14T13:00:00.000Z');
    await runJob();
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect((await digestsOf(user)).map((d) => [d.period, d.state])).toEqual([['w:2026-W51', 'sent']]);
    expect(mail!.subject).toBe('每周摘要：您关注的内容有 1 篇新报告');
    expect(mail!.headers.get('message-id')).toBe(`<digest.w-2026-W51.${user.id}@research.example.com>`);
    expect(mail!.text).toContain('评级变动');
    expect(mail!.text).toContain('腾讯控股：下调至中性');
    expect(mail!.text).toContain('港湾研究 · 2026-12-09');
    expect(mail!.text).toContain('腾讯控股：下调至中性（原为买入），目标价 420 HKD（原为 480）');
    expect(mail!.text).toContain('游戏收入放缓，下调至中性。');
    expect(mail!.text).not.toContain('估值已充分');
    expect(mail!.text).toContain(`${PUBLIC_URL}/home/file?file=${f.id}`);
    expect(mail!.text).toContain('退订摘要邮件：');
  });
});

/** `count` paid users on a daily digest in Shanghai, each with one new report before the next period. */
async function usersOwedADigest(count: number, day: string): Promise<{ user: TestUser; email: string }[]> {
  at(`${day}T01:00:00.000Z`);
  const out: { user: TestUser; email: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await paidUser(lib);
    await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'Asia/Shanghai' });
    const analyst = `Analyst ${day} ${i}`;
    await follow(user.token, { kind: 'analyst', analyst });
    await arrives({ title: `Note by ${analyst}`, authors: [analyst] });
    out.push({ user, email: await emailOf(user) });
  }
  return out;
}

describe('exactly once with several workers', () => {
  it('two workers scanning and sending at once send each digest once', async () => {
    const owed = await usersOwedADigest(6, '2026-12-15');
    at('2026-12-16T00:00:00.000Z');
    await Promise.all([scan(), scan()]);
    await Promise.all([send('worker-a'), send('worker-b')]);
    for (const { user, email } of owed) {
      expect(mailsTo(email), email).toHaveLength(1);
      expect((await digestsOf(user)).map((d) => [d.period, d.state])).toEqual([['d:2026-12-16', 'sent']]);
    }
  });

  it('a digest claimed by a worker that died is taken over after its lease and sent once', async () => {
    const { user, email } = (await usersOwedADigest(1, '2026-12-17'))[0]!;
    at('2026-12-18T00:00:00.000Z');
    await scan();
    // The worker claims it and is killed before it sends: its lease (on the database's clock) runs on,
    // long enough that no pause of a busy machine ends it before the test does.
    const claimed = await lib.repos.digests.claim(
      'killed-worker',
      lib.clock.now().toISOString(),
      600_000,
      10,
    );
    const mine = claimed.find((d) => d.user_id === user.id)!;
    expect(mine).toBeDefined();
    expect((await send('worker-b')).claimed).toBe(0);
    expect(mailsTo(email)).toEqual([]);
    // The lease runs out: set in the past on the database's clock, as ten minutes gone by would.
    await lib.db
      .updateTable('digests')
      .set({ lease_until: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', mine.id)
      .execute();
    expect((await send('worker-b')).claimed).toBe(1);
    expect(mailsTo(email)).toHaveLength(1);
    const [row] = await digestsOf(user);
    expect(row).toMatchObject({ state: 'sent', locked_by: 'worker-b', attempts: 2 });
    // The killed worker, were it to come back, writes nothing and sends nothing more.
    expect(await lib.repos.digests.sent(mine.id, 'killed-worker', 1, lib.clock.now().toISOString())).toBe(
      false,
    );
    await send('worker-b');
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('SMTP failures', () => {
  it('a deferral is retried with back-off until it passes or the tries run out; a bounce fails at once and shows in the console', async () => {
    const [deferred, bounced, busy] = await usersOwedADigest(3, '2026-12-19');
    sink.refuse(deferred!.email, { code: 451, message: '4.3.0 Mailbox busy, try later' }, 2);
    sink.refuse(bounced!.email, { code: 550, message: '5.1.1 No such user' });
    sink.refuse(busy!.email, { code: 452, message: '4.2.2 Mailbox full' });
    at('2026-12-20T00:00:00.000Z');
    await scan();
    await send('worker-a');
    // A permanent refusal: failed on its first try, never tried again.
    expect(await digestsOf(bounced!.user)).toMatchObject([
      { state: 'failed', attempts: 1, last_error: expect.stringMatching(/^550 5\.1\.1 No such user/) },
    ]);
    expect(sink.refusedCount(bounced!.email)).toBe(1);
    const waits: number[] = [];
    for (let i = 1; i <= DIGEST_MAX_ATTEMPTS; i++) {
      const [row] = await digestsOf(busy!.user);
      expect(row!.attempts).toBe(i);
      if (row!.state !== 'queued') break;
      waits.push(Date.parse(row!.next_attempt_at) - lib.clock.now().getTime());
      expect(row!.last_error).toMatch(/^452 4\.2\.2 Mailbox full/);
      // Nothing more until the retry is due.
      await send('worker-a');
      expect((await digestsOf(busy!.user))[0]!.attempts).toBe(i);
      at(row!.next_attempt_at);
      await send('worker-a');
    }
    expect(waits).toEqual(
      Array.from({ length: DIGEST_MAX_ATTEMPTS - 1 }, (_, i) => DIGEST_RETRY_BASE_MS * 2 ** i),
    );
    expect(sink.refusedCount(busy!.email)).toBe(DIGEST_MAX_ATTEMPTS);
    expect(await digestsOf(busy!.user)).toMatchObject([{ state: 'failed', attempts: DIGEST_MAX_ATTEMPTS }]);
    expect(sink.refusedCount(bounced!.email)).toBe(1);
    expect(mailsTo(bounced!.email)).toEqual([]);
    expect(mailsTo(busy!.email)).toEqual([]);
    expect(sink.refusedCount(deferred!.email)).toBe(2);
    expect(mailsTo(deferred!.email)).toHaveLength(1);
    expect(await digestsOf(deferred!.user)).toMatchObject([{ state: 'sent', attempts: 3 }]);

    const token = await consoleToken();
    const failed = await manageCall<AdminDigestListResponse>(lib, 'digest/list', { state: 'failed' }, token);
    expect(failed.status).toBe(200);
    expect(failed.body.failed).toBe(2);
    expect(failed.body.items).toHaveLength(2);
    expect(failed.body.items.find((d) => d.user_id === bounced!.user.id)).toMatchObject({
      email: bounced!.email,
      period: 'd:2026-12-20',
      state: 'failed',
      attempts: 1,
      next_attempt_time: null,
      last_error: expect.stringMatching(/^550 /),
    });
    const detail = await manageCall<AdminUserFollowsResponse>(
      lib,
      'user/follows',
      { user_id: bounced!.user.id },
      token,
    );
    expect(detail.body.last_digest).toMatchObject({ state: 'failed', sent_time: null });
    expect((await manageCall(lib, 'digest/list', { state: 'failed' })).status).toBe(401);

    // Its report was never read: the next day's digest, once the address takes mail again, lists it.
    sink.refuse(bounced!.email, { code: 550, message: '5.1.1 No such user' }, 0);
    sink.refuse(busy!.email, { code: 452, message: '4.2.2 Mailbox full' }, 0);
    at('2026-12-21T00:00:00.000Z');
    await scan();
    await send('worker-a');
    const [late] = mailsTo(bounced!.email);
    expect(late?.text).toContain('Note by Analyst 2026-12-19 1');
    expect((await digestsOf(bounced!.user)).map((d) => [d.period, d.state])).toEqual([
      ['d:2026-12-20', 'failed'],
      ['d:2026-12-21', 'sent'],
    ]);
  });

  it('a server that cannot be reached is tried again later', async () => {
    const [owed] = await usersOwedADigest(1, '2026-12-22');
    // A port nothing listens on: the connection is refused, no SMTP reply at all.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'digest@example.com',
      outbox: {} as Outbox,
    });
    at('2026-12-23T00:00:00.000Z');
    await scan();
    try {
      await sendDueDigests(
        {
          repo: lib.repos.digests,
          users: lib.repos.users,
          mailer,
          links: lib.digests.links,
          clock: lib.clock,
        },
        'worker-a',
      );
    } finally {
      mailer.close();
    }
    const [row] = await digestsOf(owed!.user);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(Date.parse(row!.next_attempt_at) - lib.clock.now().getTime()).toBe(DIGEST_RETRY_BASE_MS);
    // Once the server takes mail again, the retry is sent.
    at(row!.next_attempt_at);
    await send('worker-a');
    expect(mailsTo(owed!.email)).toHaveLength(1);
    expect(await digestsOf(owed!.user)).toMatchObject([{ state: 'sent', attempts: 2 }]);
  });
});

describe('who the scan looks at', () => {
  const candidateIds = async () =>
    (await lib.repos.digests.candidates('', 100_000, lib.clock.now().toISOString())).map((c) => c.user_id);
  const runQueued = () =>
    queueDigestRun({ jobs: lib.repos.jobs, digests: lib.repos.digests, clock: lib.clock });

  it('a user whose arrivals are older than the look-back is looked at once a period, not every run', async () => {
    at('2027-01-04T01:00:00.000Z');
    const user = await paidUser(lib);
    await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'Asia/Shanghai' });
    await follow(user.token, { kind: 'analyst', analyst: 'Stale Analyst' });
    await arrives({ title: 'An old note', authors: ['Stale Analyst'] });
    // Six days on, no digest between: the note is older than a daily digest's look-back (two days).
    at('2027-01-10T03:00:00.000Z');
    expect(await candidateIds()).toContain(user.id);
    await scan();
    expect(await digestsOf(user)).toEqual([]);
    expect(await candidateIds()).not.toContain(user.id);
    // The rest of the day: nothing owed, so no digests run is queued for it minute after minute.
    at('2027-01-10T23:59:00.000Z');
    expect(await candidateIds()).not.toContain(user.id);
    expect(await runQueued()).toBe(false);
    // Its next period (08:00 in Shanghai): looked at once more, and passed over again.
    at('2027-01-11T00:00:00.000Z');
    expect(await candidateIds()).toContain(user.id);
    await scan();
    expect(await candidateIds()).not.toContain(user.id);
    expect(await digestsOf(user)).toEqual([]);
    // A change of what counts its periods (here the zone) makes it looked at again at once.
    expect((await settings(user.token, { language: 'en', time_zone: 'UTC' })).status).toBe(200);
    expect(await candidateIds()).toContain(user.id);
    await scan();
    expect(await candidateIds()).not.toContain(user.id);
  });

  it('an arrival after its period was queued waits for the next period without making the user a candidate', async () => {
    at('2027-01-11T01:00:00.000Z');
    const user = await paidUser(lib);
    const email = await emailOf(user);
    await settings(user.token, { language: 'en', digest: 'daily', time_zone: 'Asia/Shanghai' });
    await follow(user.token, { kind: 'analyst', analyst: 'Busy Analyst' });
    await arrives({ title: 'A first note', authors: ['Busy Analyst'] });
    at('2027-01-12T00:00:00.000Z');
    await scan();
    await send('worker-a');
    expect(mailsTo(email)).toHaveLength(1);
    at('2027-01-12T02:00:00.000Z');
    const later = await arrives({ title: 'A second note', authors: ['Busy Analyst'] });
    expect(await candidateIds()).not.toContain(user.id);
    expect(await runQueued()).toBe(false);
    at('2027-01-13T00:00:00.000Z');
    expect(await candidateIds()).toContain(user.id);
    await scan();
    await send('worker-a');
    expect(mailsTo(email)).toHaveLength(2);
    expect(mailsTo(email)[1]!.text).toContain(`file=${later.id}`);
    expect((await digestsOf(user)).map((d) => [d.period, d.state])).toEqual([
      ['d:2027-01-12', 'sent'],
      ['d:2027-01-13', 'sent'],
    ]);
  });
});
