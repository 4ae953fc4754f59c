import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_REASONS,
  ERROR_CODES,
  PLANS,
  WALL_REASONS,
  type ErrorBody,
  type ErrorCode,
  type SearchResponse,
} from '@rl/contract';
import { statusOf } from '../src/http/error-status.js';
import { createUsageRepo } from '../src/modules/quota/usage-repo.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { newSession, paidUser, trialUser, userWithToken, type TestUser } from './library-helpers.js';

/**
 * Every 403 and 429 names its reason (the contract's WALL_REASONS) with the numbers behind it,
 * and its message follows the request's language (X-Language).
 */

const NOW = '2026-11-21T10:00:00.000Z';
const ZH = { 'x-language': 'zh' };
const SUMMARY = 'Zinc smelters cut output as treatment charges fell.';

let lib: TestLibrary;
/** A public report the free plan does not open yet (published this June). */
let blocked: string;
/** A public report older than a year: open on every plan. */
let old: string;
beforeAll(async () => {
  lib = await openTestLibrary();
  blocked = (await buildFile(lib.db, { title: 'Zinc wall report', publishDate: '2026-06-01' })).id;
  old = (await buildFile(lib.db, { title: 'Zinc history report', publishDate: '2024-03-01' })).id;
  await lib.db.updateTable('files').set({ summary: SUMMARY }).where('id', '=', blocked).execute();
});
afterAll(() => lib.close());
beforeEach(() => lib.clock.set(NOW));

type Body = ErrorBody & Record<string, unknown>;

/** Spends `user`'s `type` counter of this month (or `period`) up to `count`. */
const spend = (user: TestUser, type: string, count: number, period = NOW.slice(0, 7)) =>
  createUsageRepo(lib.db).add({ subject: `u:${user.id}`, type, period }, count);

describe('the file-age rule', () => {
  it('names the rule, the day the report opens, and keeps its details and summary', async () => {
    const u = await trialUser(lib);
    const r = await call<Body>(lib.app, '/api/file/file_detail', { file_id: blocked }, { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: ERROR_CODES.fileAgeBlocked,
      reason: 'file_age',
      // One year after 2026-06-01, the day after it turns a year old.
      opens_at: '2027-06-02',
      error_msg:
        'The free plan opens reports published today or more than one year ago: this one opens on 2027-06-02. The institutional plan opens every report now.',
    });
    const locked = r.body.locked_file!;
    expect(locked).toMatchObject({
      id: blocked,
      encrypted_file_url: '',
      permission: [],
      multi_language_encrypted_file_url: {},
      meta: { document_title: 'Zinc wall report', summary: SUMMARY, publish_date: '2026-06-01' },
    });
    // Nothing was counted for the refusal.
    const quota = await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { token: u.token });
    expect(quota.body.report_quota).toBe(PLANS.trial.limits.report.count);
  });

  it('answers a visitor in Chinese with the same numbers', async () => {
    const r = await call<Body>(
      lib.app,
      '/api/file/file_detail',
      { file_id: blocked },
      { fingerprint: 'walls-zh', headers: ZH },
    );
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('file_age');
    expect(r.body.opens_at).toBe('2027-06-02');
    expect(r.body.error_msg).toBe(
      '免费版只能打开当天发布或发布超过一年的研报：本研报将于 2027-06-02 开放。机构版可立即打开所有研报。',
    );
  });

  it('marks the report locked in a visitor’s or trial user’s results, not in a paid user’s', async () => {
    const search = async (who: { token?: string; fingerprint?: string }) =>
      (await call<SearchResponse>(lib.app, '/api/file/search', { keyword: 'zinc' }, who)).body.file_list;
    const lockOf = (list: SearchResponse['file_list'], id: string) =>
      list.find((item) => item.id === id)?.locked;
    for (const who of [{ fingerprint: 'walls-list' }, { token: (await trialUser(lib)).token }]) {
      const list = await search(who);
      expect(lockOf(list, blocked)).toEqual({ reason: 'file_age', opens_at: '2027-06-02' });
      expect(list.some((item) => item.id === old)).toBe(true);
      expect(lockOf(list, old)).toBeUndefined();
    }
    const paid = await search({ token: (await paidUser(lib)).token });
    expect(paid.some((item) => item.id === blocked)).toBe(true);
    expect(paid.every((item) => item.locked === undefined)).toBe(true);
  });

  it('never locks a trial user’s own upload', async () => {
    const owner = await trialUser(lib);
    const own = (
      await buildFile(lib.db, { title: 'Zinc own notes', publishDate: '2026-06-01', ownerId: owner.id })
    ).id;
    const list = (
      await call<SearchResponse>(lib.app, '/api/file/search', { keyword: 'zinc' }, { token: owner.token })
    ).body.file_list;
    const mine = list.find((item) => item.id === own);
    expect(mine?.mine).toBe(true);
    expect(mine?.locked).toBeUndefined();
    expect(list.find((item) => item.id === blocked)?.locked?.reason).toBe('file_age');
  });
});

describe('quotas', () => {
  const consume = (token: string, type: string, headers: Record<string, string> = {}) =>
    call<Body>(lib.app, '/api/user/consumption', { type }, { token, headers });

  it.each([
    ['report', 'monthly_reports', 'You have read all 20 reports', '本月免费版的 20 篇研报已用完'],
    ['search', 'monthly_searches', 'You have used all 30 searches', '本月免费版的 30 次搜索已用完'],
    ['chat', 'monthly_conversations', 'You have used all 50 conversations', '本月免费版的 50 次对话已用完'],
    ['abstract', 'monthly_summaries', 'You have used all 20 summaries', '本月免费版的 20 次摘要已用完'],
    [
      'translate',
      'monthly_translations',
      'You have used all 20 translations',
      '本月免费版的 20 次翻译已用完',
    ],
  ] as const)(
    'free plan %s: %s with its limit and renewal, in both languages',
    async (type, reason, en, zh) => {
      const u = await trialUser(lib);
      const limit = PLANS.trial.limits[type].count;
      await spend(u, type, limit);
      const expected = {
        code: 'quota_exceeded',
        reason,
        limit,
        used: limit,
        renews_at: '2026-12-01T00:00:00.000Z',
      };
      const r = await consume(u.token, type);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject(expected);
      expect(r.body.error_msg).toContain(en);
      expect(r.body.error_msg).toContain('2026-12-01');
      const inZh = await consume(u.token, type, ZH);
      expect(inZh.body).toMatchObject(expected);
      expect(inZh.body.error_msg).toContain(zh);
    },
  );

  it('a paid user at the daily download limit: the limit, the renewal, and no plan to buy', async () => {
    const u = await paidUser(lib);
    await spend(u, 'download', PLANS.paid_v0.daily_downloads, NOW.slice(0, 10));
    const r = await consume(u.token, 'download', ZH);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: 'quota_exceeded',
      reason: 'daily_downloads',
      limit: 10,
      used: 10,
      renews_at: '2026-11-22T00:00:00.000Z',
      error_msg: '今日的 10 次下载已用完，将于 2026-11-22 00:00（UTC）恢复。',
    });
  });

  it('a paid user at the monthly translation limit renews next month', async () => {
    const u = await paidUser(lib);
    await spend(u, 'translate', 100);
    const r = await consume(u.token, 'translate');
    expect(r.body).toMatchObject({ reason: 'monthly_translations', limit: 100, used: 100 });
    expect(r.body.error_msg).toBe(
      'You have used all 100 translations of your plan this month. They renew on 2026-12-01.',
    );
  });

  it('renews at the turn of the month (a counter of December is empty)', async () => {
    const u = await trialUser(lib);
    await spend(u, 'chat', 50);
    expect((await consume(u.token, 'chat')).status).toBe(403);
    lib.clock.set('2026-12-01T00:00:01.000Z');
    // Ten days on, the session unused since has ended (SESSION_IDLE_DAYS): a new login.
    expect((await consume(await newSession(lib, u.id), 'chat')).status).toBe(200);
  });

  it('upload_count: the files held and the limit', async () => {
    const u = await trialUser(lib);
    for (let i = 0; i < PLANS.trial.upload_max_files; i++)
      await buildFile(lib.db, { title: `Held ${i}`, ownerId: u.id });
    const r = await consume(u.token, 'upload', ZH);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ reason: 'upload_count', limit: 10, used: 10 });
    expect(r.body.error_msg).toBe(
      '当前套餐最多保存 10 个上传文件。请删除一个文件，或订阅机构版（最多 1000 个文件）。',
    );
  });
});

describe('plans and other walls', () => {
  it('plan_feature: downloads and collections on the free plan, in Chinese', async () => {
    const u = await trialUser(lib);
    const dl = await call<Body>(
      lib.app,
      '/api/file/download',
      { file_id: old },
      { token: u.token, headers: ZH },
    );
    expect(dl.status).toBe(403);
    expect(dl.body).toEqual({
      code: 'plan_required',
      reason: 'plan_feature',
      error_msg: '免费版不含下载。机构版每天可下载 10 次，每月 100 次。',
    });
    const col = await call<Body>(lib.app, '/api/file/collection/list', {}, { token: u.token, headers: ZH });
    expect(col.status).toBe(403);
    expect(col.body).toMatchObject({
      reason: 'plan_feature',
      error_msg: '免费版不含收藏夹。订阅机构版即可使用。',
    });
  });

  it('rate_limit: a code asked again within its wait, with retry_after_s', async () => {
    const email = `walls-${Date.now()}@example.com`;
    const ip = '10.77.0.1';
    expect((await call(lib.app, '/api/user/email_code', { email }, { ip })).status).toBe(200);
    const again = await call<Body>(lib.app, '/api/user/email_code', { email }, { ip });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'too_many_requests', reason: 'rate_limit' });
    expect(again.body.retry_after_s).toBeGreaterThan(0);
  });

  it('link: a preview link with a broken signature', async () => {
    const u = await userWithToken(lib);
    const detail = await call<{ file_info: { encrypted_file_url: string } }>(
      lib.app,
      '/api/file/file_detail',
      { file_id: old },
      { token: u.token },
    );
    const url = detail.body.file_info.encrypted_file_url.replace(/sig=[^&]+/, 'sig=broken');
    const r = await call<Body>(lib.app, url, {}, { token: u.token, method: 'GET' });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('link');
  });

  it('every code answered with 403 or 429 has a reason: its own default, or the quota that names one', () => {
    const walls = (Object.values(ERROR_CODES) as ErrorCode[]).filter((code) =>
      [403, 429].includes(statusOf(code)),
    );
    expect(walls.length).toBeGreaterThan(5);
    for (const code of walls) {
      if (code === ERROR_CODES.quotaExceeded) continue;
      expect(WALL_REASONS, code).toContain(DEFAULT_REASONS[code]);
    }
  });
});
