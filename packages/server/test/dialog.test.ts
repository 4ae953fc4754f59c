import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, type Citation, type HistoryResponse } from '@rl/contract';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { TOKENS_IN } from '../src/modules/quota/token-budget.js';
import { MESSAGES } from '../src/messages/catalogue.js';
import { createLlmClient } from '../src/platform/llm.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { startFakeLlm, fakeTokens, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { makePrivate, paidUser, trialUser, userWithToken } from './library-helpers.js';

/** A real earnings release whose content the test knows (Costco's third quarter of 2023). */
const REPORT = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');
const QUESTION = 'How did net sales change in the quarter?';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** The fake provider's chat answer cites the first page its prompt offers (deterministic). */
function reply(r: LlmRequest): string {
  const prompt = r.messages.at(-1)?.content ?? '';
  if (!prompt.startsWith('Passages:')) return 'not a chat prompt';
  const page = /\(p\. (\d+)\)/.exec(prompt)?.[1] ?? '1';
  return `Net sales rose in the quarter, as the report states [p. ${page}]. Comparable sales were mixed across regions [p. ${page}].`;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every citation's text is on the page it names; every [p. N] of the answer is one of them. */
function expectValidCitations(citations: Citation[], pages: string[], answer: string) {
  expect(citations.length).toBeGreaterThan(0);
  for (const c of citations) {
    expect(c.page).toBeGreaterThanOrEqual(1);
    expect(norm(pages[c.page - 1] ?? ''), `page ${c.page}`).toContain(norm(c.text));
  }
  const cited = [...answer.matchAll(/\[p\. (\d+)\]/g)].map((m) => Number(m[1]));
  expect(cited.length).toBeGreaterThan(0);
  for (const p of cited) expect(citations.map((c) => c.page)).toContain(p);
}

async function ingestReport(lib: TestLibrary): Promise<{ id: string; pages: string[] }> {
  const outcome = await lib.ingestor.ingest({ bytes: REPORT, fileName: 'costco-q3.pdf', source: 'import' });
  if (outcome.kind !== 'queued') throw new Error(`not queued: ${outcome.kind}`);
  await lib.runner?.idle();
  const files = createFilesRepo(lib.db);
  const row = await files.byId(outcome.fileId);
  expect(row?.status).toBe('ready');
  return { id: outcome.fileId, pages: await files.pages(row!.seq) };
}

let fake: FakeLlm;
let withModel: TestLibrary;
let plain: TestLibrary;
let modelFile: { id: string; pages: string[] };
let plainFile: { id: string; pages: string[] };

beforeAll(async () => {
  fake = await startFakeLlm({ reply, chunkSize: 12 });
  // Short back-offs: a provider that is down answers 503 at once.
  const llm = createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 1, retryBaseMs: 1 });
  withModel = await openTestLibrary({}, { jobs: true, llm });
  plain = await openTestLibrary({}, { jobs: true, llm: null });
  modelFile = await ingestReport(withModel);
  plainFile = await ingestReport(plain);
});
afterAll(async () => {
  await withModel.close();
  await plain.close();
  await fake.close();
});

const chat = (lib: TestLibrary, body: unknown, token?: string) =>
  lib.app.inject({
    method: 'POST',
    url: '/api/dialog/chat',
    payload: body as object,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

describe('health', () => {
  it('says whether a provider is configured', async () => {
    const a = await withModel.app.inject({ method: 'GET', url: '/api/health' });
    const b = await plain.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.json()).toMatchObject({ llm_configured: true });
    expect(b.json()).toMatchObject({ llm_configured: false });
  });
});

describe('chat without a provider', () => {
  it('answers with the best passages, each quoted with its page, and keeps the history', async () => {
    const user = await paidUser(plain);
    const res = await chat(plain, { file_id: plainFile.id, question: QUESTION }, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    const names = events.map((e) => e.event);
    // citations, then deltas, then done
    expect(names.at(-1)).toBe('done');
    expect(names.indexOf('delta')).toBeGreaterThan(names.lastIndexOf('citation'));
    expect(names.filter((n) => n === 'error')).toEqual([]);
    const citations = events.filter((e) => e.event === 'citation').map((e) => e.data as unknown as Citation);
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expectValidCitations(citations, plainFile.pages, answer);
    expect(answer).toMatch(/net sales/i);
    for (const c of citations) expect(answer).toContain(`[p. ${c.page}]`);
    const done = events.at(-1)!.data;
    expect(done).toMatchObject({ mode: 'passages', usage: null });

    const history = await call<HistoryResponse>(
      plain.app,
      '/api/dialog/history',
      { file_id: plainFile.id },
      {
        token: user.token,
      },
    );
    expect(history.status).toBe(200);
    expect(history.body.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', QUESTION],
      ['assistant', answer],
    ]);
    expect(history.body.messages[1]?.id).toBe(done.message_id);
    expect(history.body.messages[1]?.citations).toEqual(citations);
  });

  it('says so when nothing matches', async () => {
    const user = await paidUser(plain);
    const res = await chat(plain, { file_id: plainFile.id, question: 'zyxwvut qqqq' }, user.token);
    const events = parseSse(res.body);
    expect(events.filter((e) => e.event === 'citation')).toEqual([]);
    expect(events.find((e) => e.event === 'delta')?.data.text).toMatch(/No passage/);
    expect(events.at(-1)?.event).toBe('done');
  });
});

describe('chat with a provider', () => {
  it('streams citations, deltas and done over real HTTP, generated from the retrieved passages', async () => {
    const user = await paidUser(withModel);
    fake.requests.length = 0;
    const url = await withModel.app.listen({ port: 0, host: '127.0.0.1' });
    const started = performance.now();
    const res = await fetch(`${url}/api/dialog/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ file_id: modelFile.id, question: QUESTION }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let body = '';
    let firstDeltaMs: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
      if (firstDeltaMs === null && body.includes('event: delta')) firstDeltaMs = performance.now() - started;
    }
    console.log(
      `time to first streamed chat delta (fake provider, real HTTP): ${firstDeltaMs?.toFixed(1)} ms`,
    );
    const events = parseSse(body);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('citation');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'delta').length).toBeGreaterThan(1);
    expect(names.indexOf('delta')).toBeGreaterThan(names.lastIndexOf('citation'));
    const citations = events.filter((e) => e.event === 'citation').map((e) => e.data as unknown as Citation);
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(answer).toBe(reply(fake.requests[0]!));
    expectValidCitations(citations, modelFile.pages, answer);

    // The request carried the question and the passages (with their pages).
    const prompt = fake.requests[0]!.messages.at(-1)!.content;
    expect(prompt).toContain(QUESTION);
    for (const c of citations) expect(prompt).toContain(`(p. ${c.page})\n${c.text}`);
    expect(fake.requests[0]!.stream).toBe(true);

    const done = events.at(-1)!.data as { usage: { input_tokens: number; output_tokens: number } };
    expect(done).toMatchObject({ mode: 'model' });
    expect(done.usage.output_tokens).toBe(fakeTokens(answer));
    const counters = await withModel.db
      .selectFrom('usage_counters')
      .select(['usage_type', 'count'])
      .where('subject', '=', `u:${user.id}`)
      .where('period', '=', '2026-11-21')
      .execute();
    expect(Object.fromEntries(counters.map((c) => [c.usage_type, c.count]))).toEqual({
      tokens_in: done.usage.input_tokens,
      tokens_out: done.usage.output_tokens,
    });

    const history = await call<HistoryResponse>(
      withModel.app,
      '/api/dialog/history',
      { file_id: modelFile.id },
      { token: user.token },
    );
    expect(history.body.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(history.body.messages[1]?.text).toBe(answer);
    expect(history.body.messages[1]?.citations).toEqual(citations);
  });

  it('answers 503 before streaming when the provider is down, and an error event when it drops mid-answer', async () => {
    const user = await paidUser(withModel);
    fake.failNext(503, 2);
    const down = await chat(withModel, { file_id: modelFile.id, question: QUESTION }, user.token);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error_msg: MESSAGES.llmUnavailable.en });

    fake.dropStreamAfter(1);
    const dropped = await chat(withModel, { file_id: modelFile.id, question: QUESTION }, user.token);
    expect(dropped.statusCode).toBe(200);
    const events = parseSse(dropped.body);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { error_msg: MESSAGES.llmUnavailable.en, code: 'unavailable' },
    });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    // Nothing half-answered is kept.
    const history = await call<HistoryResponse>(
      withModel.app,
      '/api/dialog/history',
      { file_id: modelFile.id },
      { token: user.token },
    );
    expect(history.body.messages).toEqual([]);
  });

  it('refuses with 403 when the daily token budget is spent, before counting the question', async () => {
    const user = await trialUser(withModel);
    await withModel.db
      .insertInto('usage_counters')
      .values({
        subject: `u:${user.id}`,
        usage_type: TOKENS_IN,
        period: '2026-11-21',
        count: PLANS.trial.daily_tokens_in,
      })
      .execute();
    const res = await chat(withModel, { file_id: modelFile.id, question: QUESTION }, user.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'quota_exceeded',
      error_msg: expect.stringMatching(/daily AI budget/),
    });
    const chats = await withModel.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${user.id}`)
      .where('usage_type', '=', 'chat')
      .executeTakeFirst();
    expect(chats).toBeUndefined();
  });
});

describe('chat rules', () => {
  it('counts each question against the conversations quota: 403 quota_exceeded when spent', async () => {
    const user = await trialUser(plain);
    await plain.db
      .insertInto('usage_counters')
      .values({
        subject: `u:${user.id}`,
        usage_type: 'chat',
        period: '2026-11',
        count: PLANS.trial.limits.chat.count - 1,
      })
      .execute();
    const last = await chat(plain, { file_id: plainFile.id, question: QUESTION }, user.token);
    expect(last.statusCode).toBe(200);
    const spent = await chat(plain, { file_id: plainFile.id, question: QUESTION }, user.token);
    expect(spent.statusCode).toBe(403);
    expect(spent.headers['content-type']).toContain('application/json');
    expect(spent.json()).toMatchObject({ code: 'quota_exceeded' });
  });

  it('needs a login (401) and hides files the user may not see (404)', async () => {
    const anon = await chat(plain, { file_id: plainFile.id, question: QUESTION });
    expect(anon.statusCode).toBe(401);
    const anonHistory = await call(plain.app, '/api/dialog/history', { file_id: plainFile.id });
    expect(anonHistory.status).toBe(401);

    const owner = await userWithToken(plain);
    const other = await paidUser(plain);

    const priv = await buildFile(plain.db, {
      title: 'Private notes',
      pages: ['Net sales rose strongly this quarter.'],
    });
    await makePrivate(plain.db, priv, owner.id);
    const hidden = await chat(plain, { file_id: priv.id, question: QUESTION }, other.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'file_not_found' });
    const hiddenHistory = await call(
      plain.app,
      '/api/dialog/history',
      { file_id: priv.id },
      { token: other.token },
    );
    expect(hiddenHistory.status).toBe(404);
    const own = await chat(plain, { file_id: priv.id, question: QUESTION }, owner.token);
    expect(own.statusCode).toBe(200);
    const missing = await chat(plain, { file_id: 'no-such-file', question: QUESTION }, other.token);
    expect(missing.statusCode).toBe(404);
    const empty = await chat(plain, { file_id: plainFile.id, question: '  ' }, other.token);
    expect(empty.statusCode).toBe(400);
  });
});
