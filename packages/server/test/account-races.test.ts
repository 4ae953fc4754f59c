import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_TRIES, COLLECTIONS_MAX, ERROR_CODES, PLANS, type DmcaEditResponse } from '@rl/contract';
import { THROTTLES } from '../src/modules/auth/limits.js';
import { MESSAGES } from '../src/messages/catalogue.js';
import { createDialogRepo } from '../src/modules/dialog/repo.js';
import { buildUser, lastCode, outboxCount } from './accounts.js';
import { adminSession, buildComplaint } from './admin-helpers.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, trialUser } from './library-helpers.js';

/**
 * Limits that one request checks and another could slip past: each is raced by many requests at
 * once through the app. On PostgreSQL (project server-pg) the test library's pool has several
 * connections, so the requests' transactions really interleave; the limit must hold exactly.
 */
const AT_ONCE = 20;

let lib: TestLibrary;
let ipSeq = 0;
const nextIp = () => `10.66.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

/** Runs `n` calls at once; answers their status codes and bodies in order. */
async function atOnce<T = Record<string, unknown>>(
  n: number,
  send: (i: number) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T }[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => send(i)));
}
const tally = (rs: { status: number }[]) =>
  rs.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});

describe(`${AT_ONCE} requests at once`, () => {
  it('wrong passwords on one account from one address: exactly the failure limit are checked, the rest answer 429', async () => {
    const rule = THROTTLES.failuresPerSource;
    const u = await buildUser(lib.db);
    const ip = nextIp();
    const rs = await atOnce(AT_ONCE, () =>
      call(lib.app, '/api/user/login', { username: u.username, passwd: 'WrongPass1' }, { ip }),
    );
    expect(tally(rs)).toEqual({ 400: rule.limit, 429: AT_ONCE - rule.limit });
    for (const r of rs.filter((x) => x.status === 400))
      expect(r.body.code).toBe(ERROR_CODES.invalidCredentials);
    const failures = await lib.db
      .selectFrom('rate_events')
      .select('id')
      .where('bucket', '=', rule.bucket)
      .where('key', '=', `${u.id} ${ip}`)
      .execute();
    expect(failures).toHaveLength(rule.limit);
    // Even the right password waits now, from there.
    const right = await call(
      lib.app,
      '/api/user/login',
      { username: u.username, passwd: u.password },
      { ip },
    );
    expect(right.status).toBe(429);
  });

  it('right passwords at once are not counted as failures', async () => {
    const u = await buildUser(lib.db);
    const rs = await atOnce(8, () =>
      call(
        lib.app,
        '/api/user/login',
        { username: u.username, passwd: u.password },
        { ip: nextIp(), fingerprint: 'fp-race' },
      ),
    );
    expect(tally(rs)).toEqual({ 200: 8 });
    const failures = await lib.db
      .selectFrom('rate_events')
      .select('id')
      .where('bucket', '=', THROTTLES.failuresPerAccount.bucket)
      .where('key', '=', u.id)
      .execute();
    expect(failures).toEqual([]);
  });

  it("a visitor's monthly searches: exactly the plan's number are counted, on the fingerprint and the address", async () => {
    const limit = PLANS.trial.limits.search.count;
    const ip = nextIp();
    const rs = await atOnce(limit + 10, () =>
      call(lib.app, '/api/user/consumption', { type: 'search' }, { ip, fingerprint: 'fp-quota-race' }),
    );
    expect(tally(rs)).toEqual({ 200: limit, 403: 10 });
    for (const r of rs.filter((x) => x.status === 403)) expect(r.body.code).toBe(ERROR_CODES.quotaExceeded);
    const counters = await lib.db
      .selectFrom('usage_counters')
      .select(['subject', 'count'])
      .where('subject', 'in', ['fp:fp-quota-race', `ip:${ip}`])
      .where('usage_type', '=', 'search')
      .orderBy('subject')
      .execute();
    expect(counters).toEqual([
      { subject: 'fp:fp-quota-race', count: limit },
      { subject: `ip:${ip}`, count: limit },
    ]);
  });

  it("a user's monthly summaries: exactly the plan's number are counted", async () => {
    const limit = PLANS.trial.limits.abstract.count;
    const u = await trialUser(lib);
    const rs = await atOnce(limit + 10, () =>
      call(lib.app, '/api/user/consumption', { type: 'abstract' }, { token: u.token, ip: nextIp() }),
    );
    expect(tally(rs)).toEqual({ 200: limit, 403: 10 });
    const row = await lib.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${u.id}`)
      .where('usage_type', '=', 'abstract')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(limit);
  });

  it('one report opened at once by one visitor counts once', async () => {
    const file = await buildFile(lib.db, { publishDate: '2020-01-01' });
    const u = await trialUser(lib);
    const rs = await atOnce(AT_ONCE, () =>
      call(lib.app, '/api/user/consumption', { type: 'report', file_id: file.id }, { token: u.token }),
    );
    expect(tally(rs)).toEqual({ 200: AT_ONCE });
    const row = await lib.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${u.id}`)
      .where('usage_type', '=', 'report')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(1);
  });

  it('at the report limit, one new report opened at once gets through for nobody', async () => {
    const limit = PLANS.trial.limits.report.count;
    const u = await trialUser(lib);
    const month = lib.clock.now().toISOString().slice(0, 7);
    await lib.db
      .insertInto('usage_counters')
      .values({ subject: `u:${u.id}`, usage_type: 'report', period: month, count: limit })
      .execute();
    const file = await buildFile(lib.db, { publishDate: '2020-01-01' });
    // A refused use must not leave the report marked as counted for a request that came meanwhile.
    const rs = await atOnce(AT_ONCE, () =>
      call(lib.app, '/api/user/consumption', { type: 'report', file_id: file.id }, { token: u.token }),
    );
    expect(tally(rs)).toEqual({ 403: AT_ONCE });
    const marked = await lib.db
      .selectFrom('usage_files')
      .select('file_id')
      .where('subject', '=', `u:${u.id}`)
      .execute();
    expect(marked).toEqual([]);
  });

  it(`wrong codes at once: exactly ${CODE_MAX_TRIES} guesses are compared, then the code is spent`, async () => {
    const email = 'race.tries@example.com';
    expect((await call(lib.app, '/api/user/email_code', { email }, { ip: nextIp() })).status).toBe(200);
    const code = await lastCode(lib, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email, passwd: 'GoodPass1', username: 'race_tries' };
    const rs = await atOnce<{ error_msg: string }>(AT_ONCE, () =>
      call(lib.app, '/api/user/email_signup', { ...body, code: wrong }, { ip: nextIp() }),
    );
    expect(tally(rs)).toEqual({ 400: AT_ONCE });
    const messages = rs.map((r) => r.body.error_msg);
    // Tries 1..4 are wrong, the 5th wrong one spends the code, the rest find no try left.
    expect(messages.filter((m) => m === MESSAGES.codeWrong.en)).toHaveLength(CODE_MAX_TRIES - 1);
    expect(messages.filter((m) => m === MESSAGES.codeSpent.en)).toHaveLength(AT_ONCE - CODE_MAX_TRIES + 1);
    const right = await call<{ error_msg: string }>(lib.app, '/api/user/email_signup', { ...body, code });
    expect(right.status).toBe(400);
    expect(right.body.error_msg).toBe(MESSAGES.codeSpent.en);
  });

  it('the right code sent twice at once signs up once', async () => {
    const email = 'race.right@example.com';
    expect((await call(lib.app, '/api/user/email_code', { email }, { ip: nextIp() })).status).toBe(200);
    const code = await lastCode(lib, email);
    const rs = await atOnce(2, (i) =>
      call(
        lib.app,
        '/api/user/email_signup',
        { email, code, passwd: 'GoodPass1', username: `race_right_${i}` },
        { ip: nextIp() },
      ),
    );
    expect(tally(rs)).toEqual({ 200: 1, 400: 1 });
    const users = await lib.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('codes asked for one address at once: one is sent, the others answer 429', async () => {
    const email = 'race.send@example.com';
    const rs = await atOnce(AT_ONCE, () =>
      call(lib.app, '/api/user/email_code', { email }, { ip: nextIp() }),
    );
    expect(tally(rs)).toEqual({ 200: 1, 429: AT_ONCE - 1 });
    expect(await outboxCount(lib, email)).toBe(1);
    // Only the code sent counts against the address's daily cap.
    const events = await lib.db
      .selectFrom('rate_events')
      .select('id')
      .where('bucket', '=', THROTTLES.codesPerTarget.bucket)
      .where('key', '=', `email:${email}`)
      .execute();
    expect(events).toHaveLength(1);
  });

  it(`issuer stars are follows: at 2 of the free plan's 5, ${AT_ONCE} more at once add exactly 3`, async () => {
    const u = await trialUser(lib);
    for (let i = 0; i < 2; i++)
      await call(
        lib.app,
        '/api/file/issuer_star',
        { issuer: `Held issuer ${i}`, active_star: true },
        { token: u.token },
      );
    const rs = await atOnce(AT_ONCE, (i) =>
      call(
        lib.app,
        '/api/file/issuer_star',
        { issuer: `Racing issuer ${i}`, active_star: true },
        { token: u.token },
      ),
    );
    expect(tally(rs)).toEqual({ 200: 3, 403: AT_ONCE - 3 });
    const n = await lib.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(5);
  });

  it(`collections: at ${COLLECTIONS_MAX - 2}, ${AT_ONCE} created at once add exactly 2`, async () => {
    const u = await paidUser(lib);
    await lib.db
      .insertInto('collections')
      .values(
        Array.from({ length: COLLECTIONS_MAX - 2 }, (_, i) => ({
          id: `held_${u.id}_${i}`,
          user_id: u.id,
          name: `Held ${i}`,
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        })),
      )
      .execute();
    const rs = await atOnce(AT_ONCE, (i) =>
      call(lib.app, '/api/file/collection/create', { name: `Racing ${i}` }, { token: u.token }),
    );
    expect(tally(rs)).toEqual({ 200: 2, 400: AT_ONCE - 2 });
    const n = await lib.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(COLLECTIONS_MAX);
  });

  it('one collection name created at once, in any case: one is created', async () => {
    const u = await paidUser(lib);
    const rs = await atOnce(AT_ONCE, (i) =>
      call(
        lib.app,
        '/api/file/collection/create',
        { name: i % 2 ? 'SAME name' : 'Same Name' },
        { token: u.token },
      ),
    );
    expect(tally(rs)).toEqual({ 200: 1, 409: AT_ONCE - 1 });
  });

  it('exchanges of one conversation saved at once keep distinct places', async () => {
    const u = await buildUser(lib.db);
    const dialog = createDialogRepo(lib.db);
    await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        dialog.saveExchange(
          { userId: u.id, fileId: 'f_race', question: `q${i}`, answer: `a${i}`, citations: [], usage: null },
          lib.clock.now().toISOString(),
        ),
      ),
    );
    const rows = await lib.db
      .selectFrom('dialog_messages')
      .select(['seq', 'role', 'text'])
      .where('user_id', '=', u.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 2 * AT_ONCE }, (_, i) => i + 1));
    // Each question is followed by its own answer.
    for (let i = 0; i < rows.length; i += 2) {
      expect(rows[i]!.role).toBe('user');
      expect(rows[i + 1]!.text).toBe(rows[i]!.text.replace('q', 'a'));
    }
  });

  it('two accepted complaints on one file rejected at once: the file comes back', async () => {
    const admin = await adminSession(lib);
    for (let round = 0; round < 5; round++) {
      const file = await buildFile(lib.db);
      await buildComplaint(lib.db, file.id, 'accepted');
      await buildComplaint(lib.db, file.id, 'accepted');
      await lib.db
        .updateTable('files')
        .set({ taken_down_at: '2026-11-21T09:00:00.000Z' })
        .where('id', '=', file.id)
        .execute();
      const ids = await lib.db
        .selectFrom('dmca_complaints')
        .select('id')
        .where('file_id', '=', file.id)
        .execute();
      const rs = await atOnce<DmcaEditResponse>(ids.length, (i) =>
        call(
          lib.app,
          '/api/manage/dmca/edit',
          { complaint_id: ids[i]!.id, status: 'rejected' },
          { token: admin.token },
        ),
      );
      expect(tally(rs)).toEqual({ 200: 2 });
      const row = await lib.db
        .selectFrom('files')
        .select('taken_down_at')
        .where('id', '=', file.id)
        .executeTakeFirstOrThrow();
      expect(row.taken_down_at).toBeNull();
    }
  });
});
