import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_S, PLANS, type DownloadResponse } from '@rl/contract';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, storedFile, trialUser, type TestUser } from './library-helpers.js';
import { httpRequest, listenOnLoopback, type HttpAnswer, type HttpOptions } from './real-http.js';

/**
 * A download is counted once: when its link is issued, or, for a bearer-token read, whenever
 * bytes are served, whatever the Range. Ranges of a link are for the account it was issued to.
 * Everything over real HTTP against the real app.
 */
const NOW = '2026-11-21T10:00:00.000Z';
const DAY = '2026-11-21';

let lib: TestLibrary;
let base: string;
let file: { id: string; size: number };
beforeAll(async () => {
  lib = await openTestLibrary();
  base = await listenOnLoopback(lib);
  file = await storedFile(lib, 'range-report.pdf', { publishDate: '2026-11-01' });
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

const stream = (opts: HttpOptions = {}) =>
  httpRequest(`${base}/api/file/download_stream?file_id=${file.id}`, opts);
const follow = (link: string, opts: HttpOptions = {}) => httpRequest(`${base}${link}`, opts);

async function issue(user: TestUser): Promise<string> {
  const r = await httpRequest(`${base}/api/file/download`, { token: user.token, body: { file_id: file.id } });
  expect(r.status).toBe(200);
  return (r.json() as DownloadResponse).download_url;
}

/** Rows in the download history and today's download counter of a user. */
async function counted(user: TestUser): Promise<{ rows: number; today: number }> {
  const rows = await lib.db.selectFrom('downloads').select('id').where('user_id', '=', user.id).execute();
  const day = await lib.db
    .selectFrom('usage_counters')
    .select('count')
    .where('subject', '=', `u:${user.id}`)
    .where('usage_type', '=', 'download')
    .where('period', '=', DAY)
    .executeTakeFirst();
  return { rows: rows.length, today: Number(day?.count ?? 0) };
}

const bytes = (from: number, to = REAL_PDF.byteLength) => Buffer.from(REAL_PDF.subarray(from, to));
const refused = (r: HttpAnswer, code: string) => {
  expect(r.status).toBe(403);
  expect(r.json()).toMatchObject({ code });
  expect(r.headers['content-range']).toBeUndefined();
};

describe('a bearer-token read counts whatever its Range', () => {
  it('Range: bytes=1- is a counted, recorded download (the attack of the sweep)', async () => {
    const u = await paidUser(lib);
    const r = await stream({ token: u.token, range: 'bytes=1-' });
    expect(r.status).toBe(206);
    expect(r.raw.equals(bytes(1))).toBe(true);
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
  });

  it('bytes=0-0 then the rest are two downloads; a suffix range is one more', async () => {
    const u = await paidUser(lib);
    const first = await stream({ token: u.token, range: 'bytes=0-0' });
    const rest = await stream({ token: u.token, range: 'bytes=1-' });
    expect(Buffer.concat([first.raw, rest.raw]).equals(bytes(0))).toBe(true);
    expect(await counted(u)).toEqual({ rows: 2, today: 2 });
    const tail = await stream({ token: u.token, range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.raw.equals(bytes(file.size - 100))).toBe(true);
    expect(await counted(u)).toEqual({ rows: 3, today: 3 });
  });

  it('a HEAD (ranged or not) and a 416 serve no byte and cost nothing', async () => {
    const u = await paidUser(lib);
    const head = await stream({ token: u.token, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect((await stream({ token: u.token, method: 'HEAD', range: 'bytes=1-' })).raw.length).toBe(0);
    expect((await stream({ token: u.token, range: `bytes=${file.size}-` })).status).toBe(416);
    expect(await counted(u)).toEqual({ rows: 0, today: 0 });
  });

  it('with the daily quota spent, a ranged read is refused and serves nothing', async () => {
    const u = await paidUser(lib);
    await lib.db
      .insertInto('usage_counters')
      .values({
        subject: `u:${u.id}`,
        usage_type: 'download',
        period: DAY,
        count: PLANS.paid_v0.daily_downloads,
      })
      .execute();
    for (const range of ['bytes=1-', 'bytes=0-0', 'bytes=-100', 'bytes=100-199']) {
      const r = await stream({ token: u.token, range });
      expect(r.status, range).toBe(403);
      expect(r.json()).toMatchObject({ code: 'quota_exceeded' });
    }
    expect((await counted(u)).rows).toBe(0);
  });

  it('on the free plan a ranged read is refused (plan_required)', async () => {
    const t = await trialUser(lib);
    const r = await stream({ token: t.token, range: 'bytes=1-' });
    expect(r.status).toBe(403);
    expect(r.json()).toMatchObject({ code: 'plan_required' });
  });
});

describe('a download link is counted once, and its ranges are its own user’s', () => {
  it('the issued user reads it in pieces (bytes=0-0 then the rest, a suffix) for one count', async () => {
    const u = await paidUser(lib);
    const link = await issue(u);
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
    const first = await follow(link, { token: u.token, range: 'bytes=0-0' });
    const rest = await follow(link, { token: u.token, range: 'bytes=1-' });
    expect([first.status, rest.status]).toEqual([206, 206]);
    expect(Buffer.concat([first.raw, rest.raw]).equals(bytes(0))).toBe(true);
    expect(
      (await follow(link, { token: u.token, range: 'bytes=-10' })).raw.equals(bytes(file.size - 10)),
    ).toBe(true);
    // A browser follows it without a header for the whole file.
    const whole = await follow(link);
    expect(whole.status).toBe(200);
    expect(whole.raw.equals(bytes(0))).toBe(true);
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
  });

  it('refuses every Range on the link without its user’s token (link_not_yours)', async () => {
    const u = await paidUser(lib);
    const link = await issue(u);
    for (const range of ['bytes=1-', 'bytes=0-0', 'bytes=-100', 'bytes=100-199', 'bytes=0-'])
      refused(await follow(link, { range }), 'link_not_yours');
    // A HEAD sends no byte: it may tell the size to whoever holds the link.
    const head = await follow(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
  });

  it('refuses another user’s token with the link, ranged or whole', async () => {
    const u = await paidUser(lib);
    const thief = await paidUser(lib);
    const link = await issue(u);
    for (const range of [undefined, 'bytes=1-', 'bytes=0-0', 'bytes=-100']) {
      const r = await follow(link, { token: thief.token, ...(range ? { range } : {}) });
      refused(r, 'link_not_yours');
    }
    expect((await follow(link, { token: thief.token, method: 'HEAD' })).status).toBe(403);
    expect(await counted(thief)).toEqual({ rows: 0, today: 0 });
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
  });

  it('refuses the link after its lifetime, even to its own user', async () => {
    const u = await paidUser(lib);
    const link = await issue(u);
    lib.clock.set(new Date(Date.parse(NOW) + (DOWNLOAD_LINK_TTL_S + 1) * 1000).toISOString());
    for (const opts of [{}, { token: u.token }, { token: u.token, range: 'bytes=1-' }, { range: 'bytes=1-' }])
      refused(await follow(link, opts), 'link_expired');
    expect(await counted(u)).toEqual({ rows: 1, today: 1 });
  });

  it('refuses the link once its account is disabled', async () => {
    const u = await paidUser(lib);
    const link = await issue(u);
    await lib.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
    refused(await follow(link), 'link_invalid');
  });
});
