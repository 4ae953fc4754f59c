import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_LINK_TTL_S,
  PLANS,
  type DownloadHistoryResponse,
  type DownloadResponse,
  type FileDetailResponse,
} from '@rl/contract';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  expect400,
  FILE_NOT_FOUND,
  hiddenFiles,
  libraryTables,
  makePrivate,
  newSession,
  NOT_LOGGED_IN,
  paidUser,
  REAL_PDF,
  storedFile,
  takeDown,
  trialUser,
  type TestUser,
} from './library-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
const CHINESE_NAME = '研究报告 2026.pdf';
/** Downloads are named by the title: here the name the tests expect. */
const CHINESE_TITLE = '研究报告 2026';

let lib: TestLibrary;
let me: TestUser;
let file: { id: string; seq: number; size: number };
beforeAll(async () => {
  lib = await openTestLibrary();
  me = await paidUser(lib);
  file = await storedFile(lib, CHINESE_NAME, { publishDate: '2026-11-01', title: CHINESE_TITLE });
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

const download = (file_id: unknown, token?: string) =>
  call<DownloadResponse>(lib.app, '/api/file/download', { file_id }, token ? { token } : {});
/** GET through the app; raw bytes and headers. */
async function get(url: string, opts: { token?: string; range?: string; method?: 'GET' | 'HEAD' } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.range) headers.range = opts.range;
  const res = await lib.app.inject({ method: opts.method ?? 'GET', url, headers });
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    json: () => res.json() as unknown,
  };
}
const streamUrl = (id: string) => `/api/file/download_stream?file_id=${id}`;
const downloadsOf = async (userId: string) =>
  lib.db.selectFrom('downloads').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const filenameStar = (h: unknown) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(String(h))?.[1] ?? '');

describe('POST /api/file/download', () => {
  it('answers 401 without a token, 403 plan_required on the free plan; nothing is recorded', async () => {
    const before = await libraryTables(lib.db);
    const anon = await download(file.id);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(NOT_LOGGED_IN);
    const trial = await trialUser(lib);
    for (const r of [
      await download(file.id, trial.token),
      await get(streamUrl(file.id), { token: trial.token }),
    ]) {
      expect(r.status).toBe(403);
      const body = 'json' in r ? r.json() : r.body;
      expect(body).toEqual({
        error_msg:
          'Downloads are not included in the free plan. The institutional plan includes 10 a day and 100 a month.',
        code: 'plan_required',
        reason: 'plan_feature',
      });
    }
    expect(await libraryTables(lib.db)).toEqual(before);
    // The detail tells the web which users may download.
    const detail = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: file.id },
      { token: me.token },
    );
    expect(detail.body.file_info.permission).toContain('download');
  });

  it('records one download and answers a signed link that streams the PDF as an attachment', async () => {
    const u = await paidUser(lib);
    const r = await download(file.id, u.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      file_name: CHINESE_NAME,
      size_bytes: REAL_PDF.byteLength,
      expires_time: new Date(Date.parse(NOW) + DOWNLOAD_LINK_TTL_S * 1000).toISOString(),
    });
    expect(r.body.download_url).toMatch(
      /^\/api\/file\/download_stream\?file_id=[\w-]+&uid=[\w-]+&exp=\d+&sig=[\w-]+$/,
    );
    const rows = await downloadsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: u.id,
      username: u.username,
      file_id: file.id,
      file_name: CHINESE_NAME,
      size_bytes: REAL_PDF.byteLength,
      ip: '127.0.0.1',
      created_at: NOW,
    });

    // Any client may follow the link, without a token; following it is not another download.
    const s = await get(r.body.download_url);
    expect(s.status).toBe(200);
    expect(Buffer.compare(s.raw, Buffer.from(REAL_PDF))).toBe(0);
    expect(s.headers['content-type']).toBe('application/pdf');
    expect(s.headers['content-length']).toBe(String(REAL_PDF.byteLength));
    expect(s.headers['accept-ranges']).toBe('bytes');
    expect(s.headers['content-disposition']).toMatch(
      /^attachment; filename="_ 2026\.pdf"; filename\*=UTF-8''/,
    );
    expect(filenameStar(s.headers['content-disposition'])).toBe(CHINESE_NAME);
    expect(await downloadsOf(u.id)).toHaveLength(1);
  });

  it('names the attachment by the title, in English and in Chinese, not by the stored file name', async () => {
    const u = await paidUser(lib);
    for (const [title, ascii, star] of [
      [
        'Tencent: Q3 beat / FY26 upside',
        'Tencent_ Q3 beat _ FY26 upside.pdf',
        'Tencent_ Q3 beat _ FY26 upside.pdf',
      ],
      ['腾讯控股：三季度业绩超预期', 'report.pdf', '腾讯控股：三季度业绩超预期.pdf'],
    ] as const) {
      const f = await storedFile(lib, '2026-12-02_by-capital_report-00112.pdf', { title });
      const r = await download(f.id, u.token);
      expect(r.body.file_name).toBe(star);
      const s = await get(r.body.download_url);
      expect(s.headers['content-disposition']).toBe(
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(star)}`,
      );
      expect(filenameStar(s.headers['content-disposition'])).toBe(star);
    }
  });

  it('serves Range requests to its own user with 206 and answers 416 outside the file', async () => {
    const { body } = await download(file.id, me.token);
    const part = await get(body.download_url, { range: 'bytes=100-199', token: me.token });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.size}`);
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.raw, Buffer.from(REAL_PDF.subarray(100, 200)))).toBe(0);
    const tail = await get(body.download_url, { range: 'bytes=-10', token: me.token });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(tail.raw, Buffer.from(REAL_PDF.subarray(file.size - 10)))).toBe(0);
    const out = await get(body.download_url, { range: `bytes=${file.size}-`, token: me.token });
    expect(out.status).toBe(416);
    expect(out.headers['content-range']).toBe(`bytes */${file.size}`);
  });

  it('refuses tampered links (403 link_invalid) and expired ones (403 link_expired)', async () => {
    const other = await storedFile(lib, 'other.pdf');
    const { body } = await download(file.id, me.token);
    const url = new URL(body.download_url, 'http://x');
    const variant = (key: string, value: string) => {
      const u = new URL(url);
      u.searchParams.set(key, value);
      return `${u.pathname}${u.search}`;
    };
    const sig = url.searchParams.get('sig') ?? '';
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const theirs = await paidUser(lib);
    for (const bad of [
      variant('sig', flipped),
      variant('file_id', other.id),
      variant('uid', theirs.id),
      variant('exp', String(Number(url.searchParams.get('exp')) + 600)),
      `${streamUrl(file.id)}&uid=${me.id}&exp=${url.searchParams.get('exp')}`,
    ]) {
      const r = await get(bad);
      expect(r.status, bad).toBe(403);
      expect(r.json()).toEqual({
        error_msg: 'This download link is not valid',
        code: 'link_invalid',
        reason: 'link',
      });
    }
    // A preview link's signature is not a download link, and the other way round.
    const detail = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: file.id },
      { token: me.token },
    );
    const preview = new URL(detail.body.file_info.encrypted_file_url, 'http://x');
    const asDownload = `${streamUrl(file.id)}&uid=${me.id}&exp=${preview.searchParams.get('exp')}&sig=${preview.searchParams.get('sig')}`;
    expect((await get(asDownload)).status).toBe(403);
    const asPreview = `/api/file/stream/${file.id}?v=original&exp=${url.searchParams.get('exp')}&sig=${sig}`;
    expect((await get(asPreview)).status).toBe(403);

    lib.clock.set(new Date(Date.parse(NOW) + (DOWNLOAD_LINK_TTL_S + 1) * 1000).toISOString());
    const late = await get(body.download_url);
    expect(late.status).toBe(403);
    expect(late.json()).toEqual({
      error_msg: 'This download link has expired; download the file again',
      code: 'link_expired',
      reason: 'link',
    });
  });

  it('answers 401 for a stream with neither a token nor a link', async () => {
    const r = await get(streamUrl(file.id));
    expect(r.status).toBe(401);
    expect(r.json()).toEqual(NOT_LOGGED_IN);
  });

  it('answers 400 for bad input and records nothing', async () => {
    const before = await libraryTables(lib.db);
    for (const bad of [undefined, '', '../etc', 'a'.repeat(65), 7])
      expect400(await download(bad, me.token), 'file_id');
    for (const q of ['', '?file_id=', '?file_id=..%2Fx', `?file_id=${file.id}&exp=soon`]) {
      const r = await get(`/api/file/download_stream${q}`, { token: me.token });
      expect400({ status: r.status, body: r.json() });
    }
    expect400(
      await call(lib.app, '/api/file/download_history', { page_id: 0 }, { token: me.token }),
      'page_id',
    );
    expect(await libraryTables(lib.db)).toEqual(before);
  });
});

describe('what may be downloaded', () => {
  it('never a file the caller may not see (404 file_not_found), by link or by token', async () => {
    const other = await paidUser(lib);
    const hidden = await hiddenFiles(lib.db, other.id);
    const before = await libraryTables(lib.db);
    for (const id of [...Object.values(hidden), 'noSuchFile123']) {
      const r = await download(id, me.token);
      expect(r.status, id).toBe(404);
      expect(r.body).toEqual(FILE_NOT_FOUND);
      expect((await get(streamUrl(id), { token: me.token })).json()).toEqual(FILE_NOT_FOUND);
    }
    expect(await libraryTables(lib.db)).toEqual(before);
  });

  it('checks visibility again when the link is followed (taken down, unpublished, deleted)', async () => {
    const other = await paidUser(lib);
    const down = await storedFile(lib, 'down.pdf');
    const priv = await storedFile(lib, 'priv.pdf');
    const gone = await storedFile(lib, 'gone.pdf');
    const links = [];
    for (const f of [down, priv, gone]) links.push((await download(f.id, me.token)).body.download_url);
    await takeDown(lib.db, down.id);
    await makePrivate(lib.db, priv, other.id);
    await lib.db.deleteFrom('files').where('id', '=', gone.id).execute();
    for (const link of links) {
      const r = await get(link ?? '');
      expect(r.status).toBe(404);
      expect(r.json()).toEqual(FILE_NOT_FOUND);
    }
  });

  it('lets a paid owner download a private upload: recorded, not counted; its link works for the owner only', async () => {
    const owner = await paidUser(lib);
    const own = await storedFile(lib, 'my notes.pdf');
    await makePrivate(lib.db, own, owner.id);
    const r = await download(own.id, owner.token);
    expect(r.status).toBe(200);
    expect(await downloadsOf(owner.id)).toHaveLength(1);
    const counters = await lib.db
      .selectFrom('usage_counters')
      .selectAll()
      .where('subject', '=', `u:${owner.id}`)
      .execute();
    expect(counters).toEqual([]);
    expect((await get(r.body.download_url)).status).toBe(200);
    expect((await download(own.id, me.token)).status).toBe(404);
  });
});

describe('streaming with a bearer token', () => {
  it('counts and records every read that serves a byte, whatever its range; not HEAD nor 416', async () => {
    const u = await paidUser(lib);
    const full = await get(streamUrl(file.id), { token: u.token });
    expect(full.status).toBe(200);
    expect(Buffer.compare(full.raw, Buffer.from(REAL_PDF))).toBe(0);
    expect(filenameStar(full.headers['content-disposition'])).toBe(CHINESE_NAME);
    expect(await downloadsOf(u.id)).toHaveLength(1);

    const first = await get(streamUrl(file.id), { token: u.token, range: 'bytes=0-1023' });
    expect(first.status).toBe(206);
    expect(await downloadsOf(u.id)).toHaveLength(2);

    const resumed = await get(streamUrl(file.id), { token: u.token, range: 'bytes=1024-' });
    expect(resumed.status).toBe(206);
    expect(Buffer.compare(resumed.raw, Buffer.from(REAL_PDF.subarray(1024)))).toBe(0);
    expect((await get(streamUrl(file.id), { token: u.token, range: 'bytes=-100' })).status).toBe(206);
    expect(await downloadsOf(u.id)).toHaveLength(4);
    const head = await get(streamUrl(file.id), { token: u.token, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(file.size));
    expect((await get(streamUrl(file.id), { token: u.token, range: `bytes=${file.size + 5}-` })).status).toBe(
      416,
    );
    expect(await downloadsOf(u.id)).toHaveLength(4);
    const day = await lib.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${u.id}`)
      .where('period', '=', '2026-11-21')
      .executeTakeFirstOrThrow();
    expect(day.count).toBe(4);
  });
});

describe('download limits', () => {
  const daily = PLANS.paid_v0.daily_downloads;
  const monthly = PLANS.paid_v0.limits.download.count;

  it(`allows ${daily} a day, refuses the next with 403 quota_exceeded, and renews the next day`, async () => {
    const u = await paidUser(lib);
    for (let i = 0; i < daily - 1; i++) expect((await download(file.id, u.token)).status).toBe(200);
    expect((await get(streamUrl(file.id), { token: u.token })).status).toBe(200);
    const before = await libraryTables(lib.db);
    for (const r of [await download(file.id, u.token), await get(streamUrl(file.id), { token: u.token })]) {
      expect(r.status).toBe(403);
      expect('json' in r ? r.json() : r.body).toEqual({
        error_msg: `You have used all ${daily} downloads of today. They renew at 2026-11-22 00:00 UTC.`,
        code: 'quota_exceeded',
        reason: 'daily_downloads',
        limit: daily,
        used: daily,
        renews_at: '2026-11-22T00:00:00.000Z',
      });
    }
    expect(await libraryTables(lib.db)).toEqual(before);
    expect(await downloadsOf(u.id)).toHaveLength(daily);
    lib.clock.set('2026-11-22T00:00:01.000Z');
    expect((await download(file.id, u.token)).status).toBe(200);
  });

  it(`allows ${monthly} a month and refuses the next`, async () => {
    const u = await paidUser(lib);
    await lib.db
      .insertInto('usage_counters')
      .values({ subject: `u:${u.id}`, usage_type: 'download', period: '2026-11', count: monthly - 1 })
      .execute();
    expect((await download(file.id, u.token)).status).toBe(200);
    const over = await download(file.id, u.token);
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      error_msg: `You have used all ${monthly} downloads of your plan this month. They renew on 2026-12-01.`,
      code: 'quota_exceeded',
      reason: 'monthly_downloads',
      limit: monthly,
      used: monthly,
      renews_at: '2026-12-01T00:00:00.000Z',
    });
    expect(await downloadsOf(u.id)).toHaveLength(1);
    lib.clock.set('2026-12-01T00:00:01.000Z');
    // Ten days on, the session unused since has ended (SESSION_IDLE_DAYS): a new login.
    expect((await download(file.id, await newSession(lib, u.id))).status).toBe(200);
  });
});

describe('what is left of the download limits', () => {
  it('says what is left of the day and of the month, each on its own', async () => {
    const u = await paidUser(lib);
    const left = async () =>
      (await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { token: u.token })).body;
    const { daily_downloads: daily, limits } = PLANS.paid_v0;
    expect(await left()).toMatchObject({
      download_quota: daily,
      download_day_quota: daily,
      download_month_quota: limits.download.count,
    });
    await lib.db
      .insertInto('usage_counters')
      .values({
        subject: `u:${u.id}`,
        usage_type: 'download',
        period: '2026-11',
        count: limits.download.count - 3,
      })
      .execute();
    expect((await download(file.id, u.token)).status).toBe(200);
    expect(await left()).toMatchObject({
      download_quota: 2,
      download_day_quota: daily - 1,
      download_month_quota: 2,
    });
  });
});

describe('POST /api/file/download_history', () => {
  it('answers 401 without a token', async () => {
    const r = await call(lib.app, '/api/file/download_history', {});
    expect(r.status).toBe(401);
  });

  it('lists my own downloads, newest first, paged', async () => {
    const u = await paidUser(lib);
    const second = await storedFile(lib, 'second.pdf');
    for (const [i, id] of [file.id, second.id, file.id].entries()) {
      lib.clock.set(`2026-11-21T11:0${i}:00.000Z`);
      expect((await download(id, u.token)).status).toBe(200);
    }
    const r = await call<DownloadHistoryResponse>(
      lib.app,
      '/api/file/download_history',
      {},
      { token: u.token },
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_items: 3, page_id: 1, page_length: 20 });
    await lib.db.updateTable('files').set({ title: '' }).where('id', '=', second.id).execute();
    const title = await titleOf(file.id);
    expect(title).not.toBe('');
    const listed = await call<DownloadHistoryResponse>(
      lib.app,
      '/api/file/download_history',
      {},
      { token: u.token },
    );
    expect(listed.body.items).toEqual([
      {
        file_id: file.id,
        file_name: CHINESE_NAME,
        title,
        size_bytes: file.size,
        downloaded_time: '2026-11-21T11:02:00.000Z',
      },
      {
        file_id: second.id,
        file_name: 'second.pdf',
        // An untitled report is named by its file.
        title: 'second.pdf',
        size_bytes: second.size,
        downloaded_time: '2026-11-21T11:01:00.000Z',
      },
      {
        file_id: file.id,
        file_name: CHINESE_NAME,
        title,
        size_bytes: file.size,
        downloaded_time: '2026-11-21T11:00:00.000Z',
      },
    ]);
    const p2 = await call<DownloadHistoryResponse>(
      lib.app,
      '/api/file/download_history',
      { page_id: 2, page_length: 2 },
      { token: u.token },
    );
    expect(p2.body.items.map((i) => i.downloaded_time)).toEqual(['2026-11-21T11:00:00.000Z']);
    const mine = await call<DownloadHistoryResponse>(
      lib.app,
      '/api/file/download_history',
      {},
      { token: me.token },
    );
    expect(mine.body.items.every((i) => i.downloaded_time !== '2026-11-21T11:01:00.000Z')).toBe(true);
  });
});

async function titleOf(id: string): Promise<string> {
  const row = await lib.db.selectFrom('files').select('title').where('id', '=', id).executeTakeFirstOrThrow();
  return row.title;
}

describe('download history of a file that is gone', () => {
  it('keeps the row, its title null (the page then shows the file name)', async () => {
    const u = await paidUser(lib);
    const gone = await storedFile(lib, 'gone-later.pdf');
    expect((await download(gone.id, u.token)).status).toBe(200);
    await lib.db.deleteFrom('files').where('id', '=', gone.id).execute();
    const r = await call<DownloadHistoryResponse>(
      lib.app,
      '/api/file/download_history',
      {},
      { token: u.token },
    );
    expect(r.body.items).toEqual([
      expect.objectContaining({ file_id: gone.id, file_name: 'gone-later.pdf', title: null }),
    ]);
  });
});

describe('missing bytes', () => {
  it('a file without stored bytes fails with 500, not an empty download', async () => {
    const f = await buildFile(lib.db);
    const r = await get(streamUrl(f.id), { token: me.token });
    expect(r.status).toBe(500);
    expect(r.json()).toEqual({ error_msg: 'Request failed, please try again later', code: 'internal' });
  });
});
