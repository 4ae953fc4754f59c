import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetailResponse, QuotaMap, SummaryResponse } from '@rl/contract';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { createUsageRepo } from '../src/modules/quota/usage-repo.js';
import { createQuotaService } from '../src/modules/quota/service.js';
import { createTokenBudget } from '../src/modules/quota/token-budget.js';
import { extractiveSummary } from '../src/modules/summary/extractive.js';
import { createLlmClient } from '../src/platform/llm.js';
import { fakeTokens, startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile, type FileSpec } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { waitFor } from './process.js';
import { openSecondInstance } from './second-instance.js';
import {
  expect400,
  FILE_NOT_FOUND,
  libraryTables,
  makePrivate,
  NOT_LOGGED_IN,
  paidUser,
  trialUser,
  type TestUser,
} from './library-helpers.js';

const SUMMARY = '/api/file/summary';

const PROSE = [
  'Copper demand rose sharply in China this quarter as grid investment picked up again after a slow year. ' +
    'Smelters raised their treatment charges while the inventories on the exchanges kept falling every week.',
  'Copper prices followed the inventories lower at first, then recovered as Chinese grid demand for copper stayed strong. ' +
    'Analysts expect copper demand from grid investment and electric vehicles to keep growing next year.',
];

/** A ready public file, never summarised (as when its summarise job has not run or failed). */
const unsummarised = (lib: TestLibrary, spec: FileSpec = {}) => buildFile(lib.db, { pages: PROSE, ...spec });

/** A file whose summarise job already ran. */
async function summarised(lib: TestLibrary) {
  const f = await buildFile(lib.db, { pages: PROSE });
  await lib.db
    .updateTable('files')
    .set({
      summary: 'Stored standard summary.',
      summary_compact: 'Stored compact.',
      summary_kind: 'abstractive',
      multi_language_summary: JSON.stringify({ zh: '旧摘要' }),
      summarised_at: '2026-11-20T08:00:00.000Z',
    })
    .where('id', '=', f.id)
    .execute();
  return f;
}

const row = async (lib: TestLibrary, seq: number) => {
  const r = await createFilesRepo(lib.db).bySeq(seq);
  if (!r) throw new Error('file gone');
  return r;
};

const quotaOf = async (lib: TestLibrary, user: TestUser) =>
  (await call<QuotaMap>(lib.app, '/api/user/quota', {}, { token: user.token })).body;

const ask = (lib: TestLibrary, fileId: unknown, user?: TestUser) =>
  call<SummaryResponse>(lib.app, SUMMARY, { file_id: fileId }, user ? { token: user.token } : {});

/** The daily token budget, as the app keeps it (the same tables and clock). */
const budgetOf = (lib: TestLibrary) => {
  const usage = createUsageRepo(lib.db);
  return createTokenBudget({
    usage,
    quota: createQuotaService({
      repo: usage,
      files: lib.repos.files,
      transaction: lib.transaction,
      clock: lib.clock,
    }),
    clock: lib.clock,
  });
};

/** The user's tokens of today: { in, out }. */
const tokensOf = (lib: TestLibrary, user: TestUser) => budgetOf(lib).used(user.id);

/** Spends far more than any plan's daily budget. */
const exhaustBudget = (lib: TestLibrary, user: TestUser) =>
  budgetOf(lib).spend(user.id, { input_tokens: 100_000_000, output_tokens: 100_000_000 });

describe('POST /api/file/summary without a provider', () => {
  let lib: TestLibrary;
  beforeAll(async () => {
    lib = await openTestLibrary({}, { llm: null });
  });
  afterAll(() => lib.close());

  it('answers a stored summary as it is, cached, and counts nothing', async () => {
    const user = await trialUser(lib);
    const f = await summarised(lib);
    const before = await quotaOf(lib, user);
    expect(before.abstract_quota).toBe(20);
    const r = await ask(lib, f.id, user);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      summary: 'Stored standard summary.',
      summary_compact: 'Stored compact.',
      multi_language_summary: { zh: '旧摘要', 'zh-hans': '旧摘要' },
      summary_kind: 'abstractive',
      cached: true,
    });
    expect(await quotaOf(lib, user)).toEqual(before);
    expect((await row(lib, f.seq)).summarised_at).toBe('2026-11-20T08:00:00.000Z');
  });

  it('summarises a ready file not summarised yet, stores it and counts one summary; the next call is cached', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    expect((await row(lib, f.seq)).summarised_at).toBeNull();
    const expected = extractiveSummary(PROSE, 'en');
    expect(expected.standard).toMatch(/Copper/);

    const first = await ask(lib, f.id, user);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      summary: expected.standard,
      summary_compact: expected.compact,
      multi_language_summary: {},
      summary_kind: 'extractive',
      cached: false,
    });
    expect((await quotaOf(lib, user)).abstract_quota).toBe(19);
    expect(await row(lib, f.seq)).toMatchObject({
      summary: expected.standard,
      summary_compact: expected.compact,
      summary_kind: 'extractive',
      multi_language_summary: '{}',
      summarised_at: lib.clock.now().toISOString(),
    });

    const second = await ask(lib, f.id, user);
    expect(second.body).toEqual({ ...first.body, cached: true });
    expect((await quotaOf(lib, user)).abstract_quota).toBe(19);
    // Another user finds it stored too.
    const other = await trialUser(lib);
    expect((await ask(lib, f.id, other)).body.cached).toBe(true);
    expect((await quotaOf(lib, other)).abstract_quota).toBe(20);

    // The detail answers what was stored, both forms.
    const d = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: f.id },
      { token: user.token },
    );
    expect(d.body.file_info.meta.summary).toBe(expected.standard);
    expect(d.body.file_info.meta.summary_compact).toBe(expected.compact);
  });

  it('checks and spends no token budget: nothing is asked of a provider', async () => {
    const user = await trialUser(lib);
    await exhaustBudget(lib, user);
    const spent = await tokensOf(lib, user);
    const f = await unsummarised(lib);
    const r = await ask(lib, f.id, user);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ summary_kind: 'extractive', cached: false });
    expect((await quotaOf(lib, user)).abstract_quota).toBe(19);
    expect(await tokensOf(lib, user)).toEqual(spent);
  });

  it('a paid user (unlimited summaries) gets one written too', async () => {
    const user = await paidUser(lib);
    const f = await unsummarised(lib);
    const r = await ask(lib, f.id, user);
    expect(r.body).toMatchObject({ summary_kind: 'extractive', cached: false });
    expect((await quotaOf(lib, user)).abstract_quota).toBe(-1);
  });

  it('refuses when the summary quota is spent (403 quota_exceeded), storing nothing', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    await lib.db
      .insertInto('usage_counters')
      .values({ subject: `u:${user.id}`, usage_type: 'abstract', period: '2026-11', count: 20 })
      .execute();
    expect((await quotaOf(lib, user)).abstract_quota).toBe(0);
    const before = await libraryTables(lib.db);
    const r = await ask(lib, f.id, user);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: 'quota_exceeded',
      reason: 'monthly_summaries',
      limit: 20,
      used: 20,
    });
    expect((r.body as unknown as { error_msg: string }).error_msg).toMatch(/all 20 summaries/);
    expect(await row(lib, f.seq)).toMatchObject({ summary: '', summary_compact: '', summarised_at: null });
    expect(await libraryTables(lib.db)).toEqual(before);
    // A stored summary is still answered: it costs nothing.
    const stored = await summarised(lib);
    expect((await ask(lib, stored.id, user)).body).toMatchObject({ cached: true });
  });

  it('answers 401 to an anonymous caller and 404 for a file the caller may not see', async () => {
    const user = await trialUser(lib);
    const other = await paidUser(lib);
    const f = await unsummarised(lib);
    expect(await ask(lib, f.id)).toMatchObject({ status: 401, body: NOT_LOGGED_IN });
    expect(await ask(lib, 'nosuchfile123', user)).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    // Still processing: not readable yet (the one access rule answers 404 for it).
    const processing = await unsummarised(lib, { status: 'processing' });
    expect(await ask(lib, processing.id, user)).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    const priv = await unsummarised(lib);
    await makePrivate(lib.db, priv, other.id);
    expect(await ask(lib, priv.id, user)).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    for (const id of [f.id, processing.id, priv.id])
      expect((await row(lib, (await createFilesRepo(lib.db).byId(id))!.seq)).summarised_at).toBeNull();
    expect((await quotaOf(lib, user)).abstract_quota).toBe(20);
    // The owner of the private upload may ask for it.
    expect((await ask(lib, priv.id, other)).body).toMatchObject({ cached: false });
  });

  it('keeps the trial file-age rule, except for the owner', async () => {
    const user = await trialUser(lib);
    const recent = await unsummarised(lib, { publishDate: '2026-06-01' });
    const r = await ask(lib, recent.id, user);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'file_age_blocked' });
    expect((await row(lib, recent.seq)).summarised_at).toBeNull();
    expect((await quotaOf(lib, user)).abstract_quota).toBe(20);
    const own = await unsummarised(lib, { publishDate: '2026-06-01', ownerId: user.id });
    expect((await ask(lib, own.id, user)).body).toMatchObject({ cached: false });
  });

  it('answers 400 in the catalogue shape for a bad body, changing nothing', async () => {
    const user = await trialUser(lib);
    const before = await libraryTables(lib.db);
    expect400(await call(lib.app, SUMMARY, {}, { token: user.token }));
    expect400(await ask(lib, 42, user), 'file_id');
    expect400(await ask(lib, '', user), 'file_id');
    expect400(await ask(lib, '../etc/passwd', user), 'file_id');
    expect400(await ask(lib, ['a'], user), 'file_id');
    expect(await libraryTables(lib.db)).toEqual(before);
    expect((await quotaOf(lib, user)).abstract_quota).toBe(20);
  });
});

describe('the detail after a translation', () => {
  it('lists zh-hans in multi_language once the shared translation is finished', async () => {
    const lib = await openTestLibrary({}, { llm: null });
    try {
      const user = await paidUser(lib);
      const f = await buildFile(lib.db, { pages: PROSE });
      const languages = async () =>
        (
          await call<FileDetailResponse>(
            lib.app,
            '/api/file/file_detail',
            { file_id: f.id },
            { token: user.token },
          )
        ).body.file_info.multi_language;
      expect(await languages()).toEqual(['en']);
      const now = '2026-11-21T10:00:00.000Z';
      await lib.db
        .insertInto('file_translations')
        .values({
          file_seq: f.seq,
          lang: 'zh-hans',
          status: 'pending',
          progress: 0.5,
          blob_sha256: null,
          attempts: 1,
          error: null,
          created_at: now,
          updated_at: now,
          finished_at: null,
        })
        .execute();
      expect(await languages()).toEqual(['en']);
      await lib.db
        .updateTable('file_translations')
        .set({ status: 'finish', progress: 1, blob_sha256: 'b'.repeat(64), finished_at: now })
        .where('file_seq', '=', f.seq)
        .execute();
      expect(await languages()).toEqual(['en', 'zh-hans']);
    } finally {
      await lib.close();
    }
  });
});

describe('POST /api/file/summary with a provider', () => {
  /** While set, the fake drops the connection of a translation call instead of answering. */
  let translationDown = false;
  const reply = (r: LlmRequest) => {
    if (!r.messages[0]?.content.startsWith('Translate'))
      return JSON.stringify({ standard: 'Provider summary of copper demand.', compact: 'Copper demand up.' });
    if (translationDown) throw new Error('translation down');
    return '铜需求摘要。';
  };
  /** The usage the fake reported for the calls it answered. */
  const reported = (requests: readonly LlmRequest[]) => ({
    in: requests.reduce((n, r) => n + r.messages.reduce((k, m) => k + fakeTokens(m.content), 0), 0),
    out: requests.reduce((n, r) => n + fakeTokens(reply(r)), 0),
  });
  let fake: FakeLlm;
  let lib: TestLibrary;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    lib = await openTestLibrary(
      { LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-chat', TRANSLATE_MODEL: 'fake-mt' },
      { llm: createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 0 }) },
    );
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('writes the abstractive summary and its Chinese translation, once', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    fake.requests.length = 0;
    const r = await ask(lib, f.id, user);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      summary: 'Provider summary of copper demand.',
      summary_compact: 'Copper demand up.',
      multi_language_summary: { 'zh-hans': '铜需求摘要。' },
      summary_kind: 'abstractive',
      cached: false,
    });
    expect(fake.requests.map((q) => q.model)).toEqual(['fake-chat', 'fake-mt']);
    expect(fake.requests[0]?.messages[1]?.content).toContain('Copper demand rose sharply');
    expect(await row(lib, f.seq)).toMatchObject({
      summary: 'Provider summary of copper demand.',
      summary_kind: 'abstractive',
      multi_language_summary: JSON.stringify({ 'zh-hans': '铜需求摘要。' }),
    });
    expect((await quotaOf(lib, user)).abstract_quota).toBe(19);
    const again = await ask(lib, f.id, user);
    expect(again.body).toEqual({ ...r.body, cached: true });
    expect(fake.requests).toHaveLength(2);
    expect((await quotaOf(lib, user)).abstract_quota).toBe(19);
  });

  it("spends exactly the provider's reported tokens of the summary calls on the caller's daily budget", async () => {
    const user = await trialUser(lib);
    const other = await trialUser(lib);
    const f = await unsummarised(lib);
    expect(await tokensOf(lib, user)).toEqual({ in: 0, out: 0 });
    fake.requests.length = 0;
    expect((await ask(lib, f.id, user)).body).toMatchObject({ summary_kind: 'abstractive', cached: false });
    expect(fake.requests).toHaveLength(2);
    const usage = reported(fake.requests);
    expect(usage.in).toBeGreaterThan(0);
    expect(usage.out).toBeGreaterThan(0);
    expect(await tokensOf(lib, user)).toEqual(usage);

    // The stored summary costs nobody tokens, nor asks the provider again.
    expect((await ask(lib, f.id, user)).body.cached).toBe(true);
    expect((await ask(lib, f.id, other)).body.cached).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(await tokensOf(lib, user)).toEqual(usage);
    expect(await tokensOf(lib, other)).toEqual({ in: 0, out: 0 });

    // They add to the chat's tokens of the day: one budget.
    const g = await unsummarised(lib);
    fake.requests.length = 0;
    await ask(lib, g.id, user);
    const second = reported(fake.requests);
    expect(await tokensOf(lib, user)).toEqual({ in: usage.in + second.in, out: usage.out + second.out });
  });

  it('refuses with 403 quota_exceeded when the daily token budget is spent, before anything else', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    await exhaustBudget(lib, user);
    const spent = await tokensOf(lib, user);
    const before = await libraryTables(lib.db);
    fake.requests.length = 0;
    const r = await ask(lib, f.id, user);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'quota_exceeded' });
    expect((r.body as unknown as { error_msg: string }).error_msg).toMatch(
      /daily AI budget \(250,000 input and 125,000 output tokens\) is used up/,
    );
    expect(fake.requests).toEqual([]);
    expect((await quotaOf(lib, user)).abstract_quota).toBe(20);
    expect(await row(lib, f.seq)).toMatchObject({ summary: '', summary_compact: '', summarised_at: null });
    expect(await libraryTables(lib.db)).toEqual(before);
    expect(await tokensOf(lib, user)).toEqual(spent);
    // A stored summary is still answered: it spends no tokens.
    const stored = await summarised(lib);
    expect((await ask(lib, stored.id, user)).body).toMatchObject({ cached: true });
    expect(fake.requests).toEqual([]);
  });

  it('two callers at once: the provider is asked once, each caller counts one summary, one is charged the tokens', async () => {
    const a = await trialUser(lib);
    const b = await trialUser(lib);
    const f = await unsummarised(lib);
    fake.requests.length = 0;
    fake.delayNext(100);
    const [ra, rb] = await Promise.all([ask(lib, f.id, a), ask(lib, f.id, b)]);
    expect(ra.body).toMatchObject({ summary: 'Provider summary of copper demand.', cached: false });
    expect(rb.body).toEqual(ra.body);
    expect(fake.requests).toHaveLength(2);
    expect((await quotaOf(lib, a)).abstract_quota).toBe(19);
    expect((await quotaOf(lib, b)).abstract_quota).toBe(19);
    // Only the caller who started the summarising is charged its tokens.
    const charged = [await tokensOf(lib, a), await tokensOf(lib, b)];
    const usage = reported(fake.requests);
    expect(charged).toContainEqual(usage);
    expect(charged).toContainEqual({ in: 0, out: 0 });
  });

  it('two callers at once on two instances: the provider is asked once, the other waits for its summary', async () => {
    const second = await openSecondInstance(lib, {
      llm: createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 0 }),
    });
    try {
      const a = await trialUser(lib);
      const b = await trialUser(lib);
      const f = await unsummarised(lib);
      fake.requests.length = 0;
      fake.delayNext(100);
      const [ra, rb] = await Promise.all([
        ask(lib, f.id, a),
        call<SummaryResponse>(second.app, SUMMARY, { file_id: f.id }, { token: b.token }),
      ]);
      expect(ra.body).toMatchObject({ summary: 'Provider summary of copper demand.', cached: false });
      expect(rb.body).toEqual(ra.body);
      expect(fake.requests).toHaveLength(2);
      expect((await quotaOf(lib, a)).abstract_quota).toBe(19);
      expect((await quotaOf(lib, b)).abstract_quota).toBe(19);
      const charged = [await tokensOf(lib, a), await tokensOf(lib, b)];
      expect(charged).toContainEqual(reported(fake.requests));
      expect(charged).toContainEqual({ in: 0, out: 0 });
      expect(await row(lib, f.seq)).toMatchObject({ summary_run_by: null, summary_run_until: null });
    } finally {
      await second.close();
    }
  });

  it('waits for a run another instance holds, and takes over the run of one that died', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    const runBy = (until: string) =>
      lib.db
        .updateTable('files')
        .set({ summary_run_by: 'a-caller-on-another-instance', summary_run_until: until })
        .where('seq', '=', f.seq)
        .execute();
    // A live run elsewhere: this caller counts its summary, then waits for that run's result.
    await runBy('9999-01-01T00:00:00.000Z');
    fake.requests.length = 0;
    const waiting = ask(lib, f.id, user);
    await waitFor(
      'the caller to count its summary',
      async () => (await quotaOf(lib, user)).abstract_quota === 19,
    );
    await lib.db
      .updateTable('files')
      .set({
        summary: 'Written elsewhere.',
        summary_compact: 'Elsewhere.',
        summary_kind: 'abstractive',
        multi_language_summary: '{}',
        summarised_at: lib.clock.now().toISOString(),
        summary_run_by: null,
        summary_run_until: null,
      })
      .where('seq', '=', f.seq)
      .execute();
    expect((await waiting).body).toEqual({
      summary: 'Written elsewhere.',
      summary_compact: 'Elsewhere.',
      multi_language_summary: {},
      summary_kind: 'abstractive',
      cached: false,
    });
    expect(fake.requests).toEqual([]);
    expect(await tokensOf(lib, user)).toEqual({ in: 0, out: 0 });

    // A run whose instance died: its claim ran out, so the next caller runs it.
    const g = await unsummarised(lib);
    await lib.db
      .updateTable('files')
      .set({ summary_run_by: 'a-caller-that-died', summary_run_until: '2000-01-01T00:00:00.000Z' })
      .where('seq', '=', g.seq)
      .execute();
    const r = await ask(lib, g.id, user);
    expect(r.body).toMatchObject({ summary: 'Provider summary of copper demand.', cached: false });
    expect(fake.requests).toHaveLength(2);
    expect(await row(lib, g.seq)).toMatchObject({ summary_run_by: null, summary_run_until: null });
  });

  it('falls back to the extractive summary when the provider fails', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    fake.failNext(400, 2);
    const r = await ask(lib, f.id, user);
    expect(r.body).toMatchObject({
      summary: extractiveSummary(PROSE, 'en').standard,
      summary_kind: 'extractive',
      multi_language_summary: {},
      cached: false,
    });
    // Calls that answered an error consumed nothing to count.
    expect(await tokensOf(lib, user)).toEqual({ in: 0, out: 0 });
  });

  it('spends the tokens of the calls that answered when a later one fails', async () => {
    const user = await trialUser(lib);
    const f = await unsummarised(lib);
    fake.requests.length = 0;
    // The summary is answered; its translation fails (the connection drops).
    translationDown = true;
    const r = await ask(lib, f.id, user).finally(() => (translationDown = false));
    expect(r.body).toMatchObject({ summary_kind: 'abstractive', multi_language_summary: {}, cached: false });
    expect(fake.requests).toHaveLength(2);
    expect(await tokensOf(lib, user)).toEqual(reported(fake.requests.slice(0, 1)));
  });
});
