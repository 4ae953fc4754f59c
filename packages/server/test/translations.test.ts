import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileDetailResponse, TranslateQueryResponse } from '@rl/contract';
import { createJobsRepo } from '../src/jobs/jobs-repo.js';
import { TRANSLATE_SYSTEM_PROMPT } from '../src/modules/translation/provider.js';
import { createLlmClient } from '../src/platform/llm.js';
import { fakeChinese, HAS_HAN, readItems } from '../src/pdf/translate/test-support.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import {
  FILE_NOT_FOUND,
  makePrivate,
  NOT_LOGGED_IN,
  paidUser,
  REAL_PDF,
  storedFile,
  trialUser,
} from './library-helpers.js';

/** A real earnings release (Costco, third quarter of 2023). */
const COSTCO = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');

/** The fake provider's deterministic Chinese: every Latin word becomes Han characters. */
const zhOf = (text: string) =>
  text
    .replace(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g, (w) => fakeChinese(w))
    .replace(/(?<=\p{Script=Han}) +(?=\p{Script=Han})/gu, '');
const reply = (r: LlmRequest) =>
  r.messages[0]?.content.startsWith(TRANSLATE_SYSTEM_PROMPT) === true
    ? JSON.stringify((JSON.parse(r.messages[1]?.content ?? '[]') as string[]).map(zhOf))
    : 'not a translation';

const SUBMIT = '/api/file/translate/submit';
const QUERY = '/api/file/translate/query';

/** A library with a provider pointed at `fake` (no client-side retries: one request per attempt). */
const openWithProvider = (fake: FakeLlm) =>
  openTestLibrary(
    { LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-chat', TRANSLATE_MODEL: 'fake-mt' },
    { jobs: true, llm: createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 0 }) },
  );

/** A file whose stored bytes are `bytes`. */
async function fileOf(lib: TestLibrary, bytes: Uint8Array) {
  const { sha256 } = await lib.storage.put(bytes);
  return buildFile(lib.db, { sha256 });
}

/** Runs the jobs to the end, moving the clock past each retry's back-off. */
async function drain(lib: TestLibrary): Promise<void> {
  const jobs = createJobsRepo(lib.db);
  for (let i = 0; i < 3000; i++) {
    const c = await jobs.countByState();
    // The runner's idle() also waits for a failed job's onFailed to finish writing.
    if (c.queued === 0 && c.running === 0) return lib.runner?.idle();
    if (c.running === 0) {
      lib.clock.set(new Date(lib.clock.now().getTime() + 120_000).toISOString());
      lib.runner?.notify();
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('jobs did not finish');
}

const translateJobs = async (lib: TestLibrary) =>
  (await lib.db.selectFrom('jobs').selectAll().where('type', '=', 'translate').execute()).length;

const translationsUsed = async (lib: TestLibrary, userId: string) =>
  (
    await lib.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${userId}`)
      .where('usage_type', '=', 'translate')
      .executeTakeFirst()
  )?.count ?? 0;

describe('translation without a provider', () => {
  let lib: TestLibrary;
  beforeAll(async () => {
    lib = await openTestLibrary({}, { llm: null });
  });
  afterAll(() => lib.close());

  it('answers 503 translation_unavailable, after login and access, and counts nothing', async () => {
    const user = await paidUser(lib);
    const other = await paidUser(lib);
    const f = await storedFile(lib, 'a.pdf');
    const r = await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'zh-hans' }, { token: user.token });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      error_msg: 'No translation service is configured',
      code: 'translation_unavailable',
    });
    expect(await translationsUsed(lib, user.id)).toBe(0);
    expect(await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'zh-hans' })).toMatchObject({
      status: 401,
      body: NOT_LOGGED_IN,
    });
    await makePrivate(lib.db, f, other.id);
    expect(
      await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'zh-hans' }, { token: user.token }),
    ).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    const q = await call(lib.app, QUERY, { file_id: f.id, to_lang: 'zh-hans' }, { token: other.token });
    expect(q.body).toEqual({ task_status: 'not_started', progress: 0, encrypted_file_url: null });
  });

  it('tells the web before anyone logs in that no translation can be made', async () => {
    const site = await call(lib.app, '/api/pub/site', undefined, { method: 'GET' });
    expect(site.body).toMatchObject({ translation_available: false });
  });
});

describe('translation with a provider', () => {
  let fake: FakeLlm;
  let lib: TestLibrary;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    lib = await openWithProvider(fake);
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('tells the web that reports can be translated', async () => {
    const site = await call(lib.app, '/api/pub/site', undefined, { method: 'GET' });
    expect(site.body).toMatchObject({ translation_available: true });
  });

  it('submit → pending → the job runs → finish, with a signed URL of a PDF in Chinese', async () => {
    const user = await paidUser(lib);
    const f = await fileOf(lib, COSTCO);
    const body = { file_id: f.id, to_lang: 'zh-hans' };
    const before = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(before.body).toEqual({ task_status: 'not_started', progress: 0, encrypted_file_url: null });

    const s = await call(lib.app, SUBMIT, body, { token: user.token });
    expect(s).toMatchObject({ status: 200, body: { task_status: 'pending', progress: 0 } });
    expect(await translationsUsed(lib, user.id)).toBe(1);
    const q1 = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(q1.body).toMatchObject({ task_status: 'pending', encrypted_file_url: null });

    await drain(lib);
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.model === 'fake-mt')).toBe(true);
    const q2 = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(q2.body).toMatchObject({ task_status: 'finish', progress: 1 });
    const url = q2.body.encrypted_file_url;
    expect(url).toMatch(/^\/api\/file\/stream\/.+v=zh-hans/);

    const auth = { authorization: `Bearer ${user.token}` };
    const pdf = await lib.app.inject({ method: 'GET', url: url!, headers: auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = new Uint8Array(pdf.rawPayload);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pages = await readItems(bytes);
    expect(pages.length).toBe((await readItems(new Uint8Array(COSTCO))).length);
    expect(pages.filter((items) => items.some((i) => HAS_HAN.test(i.str))).length).toBeGreaterThan(0);

    // The detail carries the status and the same URL; a tampered variant is refused.
    const d = await call<FileDetailResponse>(lib.app, '/api/file/file_detail', body, { token: user.token });
    expect(d.body.file_info.cn_pdf_translate_status).toBe('finish');
    expect(d.body.file_info.multi_language_encrypted_file_url).toEqual({ 'zh-hans': url });
    const wrong = await lib.app.inject({
      method: 'GET',
      url: url!.replace('v=zh-hans', 'v=zh'),
      headers: auth,
    });
    expect(wrong.statusCode).toBe(403);

    // Someone else asking for the finished translation gets it at once: no job, no quota.
    const jobs = await translateJobs(lib);
    const other = await paidUser(lib);
    const again = await call(lib.app, SUBMIT, body, { token: other.token });
    expect(again.body).toEqual({ task_status: 'finish', progress: 1 });
    expect(await translateJobs(lib)).toBe(jobs);
    expect(await translationsUsed(lib, other.id)).toBe(0);
  });

  it('a second file with the same text comes from the cache: fewer provider requests', async () => {
    const user = await paidUser(lib);
    const f = await fileOf(lib, COSTCO);
    const sent = fake.requests.length;
    await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'zh-hans' }, { token: user.token });
    await drain(lib);
    const q = await call<TranslateQueryResponse>(
      lib.app,
      QUERY,
      { file_id: f.id, to_lang: 'zh-hans' },
      { token: user.token },
    );
    expect(q.body.task_status).toBe('finish');
    expect(fake.requests.length - sent).toBe(0);
  });

  it('two users submitting share one job and both count their quota', async () => {
    const a = await paidUser(lib);
    const b = await trialUser(lib);
    const f = await fileOf(lib, REAL_PDF);
    const body = { file_id: f.id, to_lang: 'zh-hans' };
    const jobs = await translateJobs(lib);
    fake.delayNext(300);
    expect((await call(lib.app, SUBMIT, body, { token: a.token })).body).toMatchObject({
      task_status: 'pending',
    });
    expect((await call(lib.app, SUBMIT, body, { token: b.token })).body).toMatchObject({
      task_status: 'pending',
    });
    expect(await translateJobs(lib)).toBe(jobs + 1);
    expect(await translationsUsed(lib, a.id)).toBe(1);
    expect(await translationsUsed(lib, b.id)).toBe(1);
    await drain(lib);
    const q = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: b.token });
    expect(q.body.task_status).toBe('finish');
  });

  it('403 quota_exceeded when the translations are spent, before anything changes', async () => {
    const user = await trialUser(lib);
    await lib.db
      .insertInto('usage_counters')
      .values({ subject: `u:${user.id}`, usage_type: 'translate', period: '2026-11', count: 20 })
      .execute();
    const f = await fileOf(lib, REAL_PDF);
    const jobs = await translateJobs(lib);
    const r = await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'zh-hans' }, { token: user.token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'quota_exceeded' });
    expect(await translateJobs(lib)).toBe(jobs);
    expect(
      await lib.db.selectFrom('file_translations').selectAll().where('file_seq', '=', f.seq).execute(),
    ).toEqual([]);
  });

  it('visitor 401, another user’s private file 404, a bad language 400', async () => {
    const user = await paidUser(lib);
    const owner = await paidUser(lib);
    const f = await fileOf(lib, REAL_PDF);
    for (const url of [SUBMIT, QUERY])
      expect(await call(lib.app, url, { file_id: f.id, to_lang: 'zh-hans' })).toMatchObject({
        status: 401,
        body: NOT_LOGGED_IN,
      });
    await makePrivate(lib.db, f, owner.id);
    for (const url of [SUBMIT, QUERY])
      expect(
        await call(lib.app, url, { file_id: f.id, to_lang: 'zh-hans' }, { token: user.token }),
      ).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    const bad = await call(lib.app, SUBMIT, { file_id: f.id, to_lang: 'fr' }, { token: owner.token });
    expect(bad.status).toBe(400);
  });
});

describe('translation when the provider fails', () => {
  let fake: FakeLlm;
  let lib: TestLibrary;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    lib = await openWithProvider(fake);
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('fails after the attempts; a new submit restarts it and it finishes', async () => {
    const user = await paidUser(lib);
    const f = await fileOf(lib, REAL_PDF);
    const body = { file_id: f.id, to_lang: 'zh-hans' };
    // One request per attempt (no client retries), three attempts.
    fake.failNext(500, 3);
    await call(lib.app, SUBMIT, body, { token: user.token });
    await drain(lib);
    expect(fake.requests.length).toBe(3);
    const q = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(q.body).toEqual({ task_status: 'failed', progress: 0, encrypted_file_url: null });
    const row = await lib.db.selectFrom('file_translations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.error).toMatch(/unavailable|500/i);
    const d = await call<FileDetailResponse>(lib.app, '/api/file/file_detail', body, { token: user.token });
    expect(d.body.file_info.cn_pdf_translate_status).toBe('failed');

    const again = await call(lib.app, SUBMIT, body, { token: user.token });
    expect(again.body).toEqual({ task_status: 'pending', progress: 0 });
    expect(await translationsUsed(lib, user.id)).toBe(2);
    await drain(lib);
    const done = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(done.body.task_status).toBe('finish');
    expect(done.body.encrypted_file_url).not.toBeNull();
  });
});

describe('translation resumed after an attempt broke off', () => {
  let fake: FakeLlm;
  let lib: TestLibrary;
  let calls = 0;
  beforeAll(async () => {
    // The second call breaks the connection (the fake drops a reply that throws).
    fake = await startFakeLlm({
      reply: (r) => {
        if (++calls === 2) throw new Error('provider fell over');
        return reply(r);
      },
    });
    lib = await openWithProvider(fake);
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('keeps the progress written per page, and the retry sends only what the cache lacks', async () => {
    const user = await paidUser(lib);
    const f = await fileOf(lib, COSTCO);
    const body = { file_id: f.id, to_lang: 'zh-hans' };
    await call(lib.app, SUBMIT, body, { token: user.token });
    // The first attempt fails; the retry waits for its back-off (the test clock stands still).
    const jobs = createJobsRepo(lib.db);
    // A busy machine may take its time over the first attempt: wait on the state, not on a count of polls.
    await vi.waitFor(
      async () => {
        const job = await lib.db
          .selectFrom('jobs')
          .selectAll()
          .where('type', '=', 'translate')
          .executeTakeFirst();
        expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      },
      { timeout: 45_000, interval: 20 },
    );
    expect((await jobs.countByState()).queued).toBe(1);
    const row = await lib.db.selectFrom('file_translations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).not.toBeNull();
    const q = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(q.body.task_status).toBe('pending');
    expect(q.body.progress).toBeGreaterThan(0);
    expect(q.body.progress).toBeLessThan(1);

    await drain(lib);
    const done = await call<TranslateQueryResponse>(lib.app, QUERY, body, { token: user.token });
    expect(done.body.task_status).toBe('finish');
    // The first batch, answered before the failure, was not sent again.
    const first = fake.requests[0]?.messages[1]?.content;
    expect(fake.requests.slice(2).some((r) => r.messages[1]?.content === first)).toBe(false);
    expect(fake.requests.length).toBeGreaterThan(2);
  });
});
