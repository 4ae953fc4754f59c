import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Citation } from '@rl/contract';
import { estimateTokens, createLlmClient, type ChatMessage } from '../../platform/llm.js';
import { readPdf } from '../../pdf/read-pdf.js';
import { readCorpusFile } from '../../../test/pdf/test-corpus.js';
import { createFilesRepo } from '../files/repo.js';
import { buildFile } from '../../../test/factories.js';
import { startFakeLlm, type FakeLlm, type LlmRequest } from '../../../test/fake-llm-server.js';
import { openTestLibrary, type TestLibrary } from '../../../test/harness.js';
import { paidUser, type TestUser } from '../../../test/library-helpers.js';
import { TOKENS_IN } from '../quota/token-budget.js';
import { HISTORY_EXCHANGES, HISTORY_TOKENS } from './service.js';

/**
 * The chat as a conversation: the user's earlier exchanges about the same file go into the
 * prompt (bounded), and a follow-up without terms of its own is searched with the previous
 * question. Real SQLite, the real app, a real local OpenAI-compatible fake provider over HTTP.
 */

/** Costco's third quarter of 2023: page 2 says "Costco currently operates 853 warehouses". */
const REPORT = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');
const WAREHOUSES = 'How many warehouses does Costco operate?';
/** No search term at all: "and", "in" are stop words and numbers are no terms. */
const FOLLOW_UP = 'and in 2025?';

/** Characters the fake adds to every answer (to test the token cap). */
let padding = 0;

/** The fake's answer: names the question, cites the first page its passages offer. */
function reply(r: LlmRequest): string {
  const prompt = r.messages.at(-1)?.content ?? '';
  if (!prompt.startsWith('Passages:')) return 'not a chat prompt';
  const page = /\(p\. (\d+)\)/.exec(prompt)?.[1] ?? '1';
  const question = /\nQuestion: ([^]*)$/.exec(prompt)?.[1] ?? '';
  return `About "${question}": see the report [p. ${page}].${' pad'.repeat(padding / 4)}`;
}

interface Turn {
  citations: Citation[];
  answer: string;
  done: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
}

function parseTurn(body: string): Turn {
  const turn: Turn = { citations: [], answer: '', done: null, error: null };
  for (const block of body.split('\n\n').filter((b) => b.trim())) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
    if (event === 'citation') turn.citations.push(data as unknown as Citation);
    if (event === 'delta') turn.answer += String(data.text);
    if (event === 'done') turn.done = data;
    if (event === 'error') turn.error = data;
  }
  return turn;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

let fake: FakeLlm;
let withModel: TestLibrary;
let plain: TestLibrary;
/** The report in each library, its stored pages, and a second file in the model library. */
let report: { id: string; pages: string[] };
let plainReport: { id: string; pages: string[] };
let otherFile: { id: string };

async function storeReport(lib: TestLibrary, pages: string[]) {
  const file = await buildFile(lib.db, { title: 'Costco Q3 2023', pages });
  return { id: file.id, pages: await createFilesRepo(lib.db).pages(file.seq) };
}

beforeAll(async () => {
  fake = await startFakeLlm({ reply, chunkSize: 64 });
  const llm = createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 1, retryBaseMs: 1 });
  withModel = await openTestLibrary({}, { llm });
  plain = await openTestLibrary({}, { llm: null });
  const { pages } = await readPdf(REPORT, { maxPages: 500 });
  report = await storeReport(withModel, pages);
  plainReport = await storeReport(plain, pages);
  otherFile = await buildFile(withModel.db, {
    title: 'Another report',
    pages: ['Warehouse count grew to 120 stores in the region.', 'Margins held steady.'],
  });
});
afterAll(async () => {
  await withModel.close();
  await plain.close();
  await fake.close();
});
beforeEach(() => {
  padding = 0;
});

async function ask(lib: TestLibrary, user: TestUser, fileId: string, question: string) {
  const before = fake.requests.length;
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/dialog/chat',
    payload: { file_id: fileId, question },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.statusCode).toBe(200);
  const turn = parseTurn(res.body);
  const sent = fake.requests.slice(before);
  return { ...turn, request: sent.at(-1) ?? null };
}

const contents = (messages: ChatMessage[]) => messages.map((m) => m.content);
/** The earlier turns of a prompt: everything between the system rules and the last message. */
const historyOf = (messages: ChatMessage[]) => messages.slice(1, -1);

/** Every citation's text is on the page it names, and every [p. N] of the answer is one of them. */
function expectRealCitations(turn: Turn, pages: string[]) {
  expect(turn.citations.length).toBeGreaterThan(0);
  for (const c of turn.citations)
    expect(norm(pages[c.page - 1] ?? ''), `page ${c.page}`).toContain(norm(c.text));
  const cited = [...turn.answer.matchAll(/\[p\. (\d+)\]/g)].map((m) => Number(m[1]));
  expect(cited.length).toBeGreaterThan(0);
  for (const p of cited) expect(turn.citations.map((c) => c.page)).toContain(p);
}

describe('the conversation in the prompt', () => {
  it('sends the earlier question and answer, in order, before the new passages and question', async () => {
    const user = await paidUser(withModel);
    const first = await ask(withModel, user, report.id, WAREHOUSES);
    expect(first.done).toMatchObject({ mode: 'model' });
    expect(first.request!.messages.map((m) => m.role)).toEqual(['system', 'user']);

    const second = await ask(withModel, user, report.id, 'Which country has the most of them?');
    const messages = second.request!.messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(contents(historyOf(messages))).toEqual([WAREHOUSES, first.answer]);
    expect(messages.at(-1)!.content).toMatch(
      /^Passages:\n\n[^]*\nQuestion: Which country has the most of them\?$/,
    );

    const third = await ask(withModel, user, report.id, 'How did net sales change?');
    expect(contents(historyOf(third.request!.messages))).toEqual([
      WAREHOUSES,
      first.answer,
      'Which country has the most of them?',
      second.answer,
    ]);
  });

  it('holds only the last HISTORY_EXCHANGES exchanges of a long conversation', async () => {
    const user = await paidUser(withModel);
    const questions = Array.from({ length: 8 }, (_, i) => `Question ${i + 1}: how did net sales change?`);
    const answers: string[] = [];
    for (const q of questions) answers.push((await ask(withModel, user, report.id, q)).answer);

    const ninth = await ask(withModel, user, report.id, 'Question 9: and membership fees?');
    const history = historyOf(ninth.request!.messages);
    expect(history).toHaveLength(2 * HISTORY_EXCHANGES);
    const kept = questions.slice(-HISTORY_EXCHANGES);
    expect(contents(history)).toEqual(
      kept.flatMap((q, i) => [q, answers[answers.length - HISTORY_EXCHANGES + i]]),
    );
    const all = JSON.stringify(ninth.request!.messages);
    expect(all).not.toContain('Question 1:');
    expect(all).not.toContain('Question 2:');
  });

  it('stays under the token cap, dropping the oldest exchanges first', async () => {
    const user = await paidUser(withModel);
    padding = 6000; // each answer ~1,500 tokens: two fit under 4,000, three do not
    const answers: string[] = [];
    for (let i = 1; i <= 4; i++)
      answers.push((await ask(withModel, user, report.id, `Long ${i}: net sales?`)).answer);

    const fifth = await ask(withModel, user, report.id, 'Long 5: net sales?');
    const history = historyOf(fifth.request!.messages);
    expect(contents(history)).toEqual(['Long 3: net sales?', answers[2], 'Long 4: net sales?', answers[3]]);
    expect(history.reduce((n, m) => n + estimateTokens(m.content), 0)).toBeLessThanOrEqual(HISTORY_TOKENS);
  });

  it('counts the whole prompt, history included, in an answer that broke off', async () => {
    const user = await paidUser(withModel);
    await ask(withModel, user, report.id, WAREHOUSES);
    const counter = () =>
      withModel.db
        .selectFrom('usage_counters')
        .select('count')
        .where('subject', '=', `u:${user.id}`)
        .where('usage_type', '=', TOKENS_IN)
        .executeTakeFirstOrThrow()
        .then((r) => r.count);
    const before = await counter();

    padding = 400;
    fake.dropStreamAfter(1);
    const broken = await ask(withModel, user, report.id, FOLLOW_UP);
    expect(broken.error).toMatchObject({ code: 'unavailable' });
    const messages = broken.request!.messages;
    expect(historyOf(messages)).toHaveLength(2);
    const whole = messages.reduce((n, m) => n + estimateTokens(m.content), 0);
    expect(await counter()).toBe(before + whole);
  });

  it("never holds another user's conversation, nor the conversation about another file", async () => {
    const alice = await paidUser(withModel);
    const bob = await paidUser(withModel);
    const a1 = await ask(withModel, alice, report.id, 'Alice asks: how many warehouses in Japan?');
    const b1 = await ask(withModel, bob, report.id, 'Bob asks: how did net sales change?');
    expect(historyOf(b1.request!.messages)).toEqual([]);
    const other = await ask(
      withModel,
      alice,
      otherFile.id,
      'Alice asks about the other file: warehouse count?',
    );
    expect(historyOf(other.request!.messages)).toEqual([]);

    const a2 = await ask(withModel, alice, report.id, 'Alice asks again: and in Korea?');
    expect(contents(historyOf(a2.request!.messages))).toEqual([
      'Alice asks: how many warehouses in Japan?',
      a1.answer,
    ]);
    const b2 = await ask(withModel, bob, report.id, 'Bob asks again: why?');
    expect(contents(historyOf(b2.request!.messages))).toEqual([
      'Bob asks: how did net sales change?',
      b1.answer,
    ]);
    for (const text of [JSON.stringify(a2.request), JSON.stringify(b2.request)]) {
      expect(text).not.toContain('other file');
    }
    expect(JSON.stringify(b2.request)).not.toContain('Alice');
    expect(JSON.stringify(a2.request)).not.toContain('Bob');

    // Nor another user's topic in the retrieval of a follow-up: Carol's first words on the file
    // get no warehouse passage from Alice's question.
    const carol = await paidUser(withModel);
    const c1 = await ask(withModel, carol, report.id, FOLLOW_UP);
    expect(c1.citations.some((c) => c.text.includes('853 warehouses'))).toBe(false);
  });
});

describe('a follow-up with no term of its own', () => {
  it('retrieves the passages of the previous question and cites a page that holds them (provider)', async () => {
    const user = await paidUser(withModel);
    const first = await ask(withModel, user, report.id, WAREHOUSES);
    expect(first.citations[0]?.text).toContain('853 warehouses');

    const follow = await ask(withModel, user, report.id, FOLLOW_UP);
    expect(follow.citations[0]?.page).toBe(2);
    expect(follow.citations[0]?.text).toContain('853 warehouses');
    expect(follow.answer).toContain('[p. 2]');
    expectRealCitations(follow, report.pages);
    expect(follow.request!.messages.at(-1)!.content).toContain('853 warehouses');

    // The same words as a first question: no topic to borrow, the report's opening passages.
    const fresh = await ask(withModel, await paidUser(withModel), report.id, FOLLOW_UP);
    expect(fresh.citations.some((c) => c.text.includes('853 warehouses'))).toBe(false);
  });

  it('borrows the latest earlier question that matches, past a follow-up that matched nothing', async () => {
    const user = await paidUser(withModel);
    await ask(withModel, user, report.id, WAREHOUSES);
    await ask(withModel, user, report.id, 'why?');
    const third = await ask(withModel, user, report.id, FOLLOW_UP);
    expect(third.citations[0]?.text).toContain('853 warehouses');
    expectRealCitations(third, report.pages);
  });

  it('quotes the previous topic without a provider (and says so when there is none)', async () => {
    const user = await paidUser(plain);
    const alone = await ask(plain, user, plainReport.id, FOLLOW_UP);
    expect(alone.citations).toEqual([]);
    expect(alone.answer).toMatch(/No passage/);

    await ask(plain, user, plainReport.id, WAREHOUSES);
    const follow = await ask(plain, user, plainReport.id, FOLLOW_UP);
    expect(follow.done).toMatchObject({ mode: 'passages', usage: null });
    expect(follow.citations[0]).toMatchObject({ page: 2 });
    expect(follow.citations[0]?.text).toContain('853 warehouses');
    expect(follow.answer).toContain('853 warehouses');
    expectRealCitations(follow, plainReport.pages);
  });
});
