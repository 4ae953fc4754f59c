import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Citation } from '@rl/contract';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { TOKENS_IN } from '../src/modules/quota/token-budget.js';
import { createLlmClient } from '../src/platform/llm.js';
import { openCorpusReadings } from './pdf/corpus-readings.js';
import { fakeTokens, startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';

const corpus = openCorpusReadings();
afterAll(() => corpus.close());

/**
 * The chat across languages: a Chinese question about an English report (and an English one
 * about a Chinese report) retrieves the passages of its own topic, not those of the question asked
 * before it. Without a provider the finance terms carry the question over; with one the model
 * translates it. Real reports of the corpus, the real app, a real local fake provider.
 */

const COSTCO = 'fb_COSTCO_2023Q3_EARNINGS.pdf';
const TEBON = 'cn_broker_note_tebon_688556_2022-07-19.pdf';
const WAREHOUSES = 'How many warehouses does Costco operate?';
/** "How much was membership fee income?": page 3's income statement, "Membership fees 1,044". */
const MEMBERSHIP_ZH = '会员费收入是多少？';
/** "Why did Costco stop its charter shipping?": no finance term of the glossary, the model's work. */
const CHARTER_ZH = '好市多为何停止包船运输业务？';
const CHARTER_EN = 'Why did Costco discontinue its charter shipping activities?';

function reply(r: LlmRequest): string {
  if (r.messages[0]?.content.startsWith('Translate')) {
    return r.messages.at(-1)?.content === CHARTER_ZH ? CHARTER_EN : 'How much was membership fee income?';
  }
  const page = /\(p\. (\d+)\)/.exec(r.messages.at(-1)?.content ?? '')?.[1] ?? '1';
  return `See the report [p. ${page}].`;
}

interface Turn {
  citations: Citation[];
  done: Record<string, unknown> | null;
}

function parseTurn(body: string): Turn {
  const turn: Turn = { citations: [], done: null };
  for (const block of body.split('\n\n').filter((b) => b.trim())) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
    if (event === 'citation') turn.citations.push(data as unknown as Citation);
    if (event === 'done') turn.done = data;
  }
  return turn;
}

let fake: FakeLlm;
let plain: TestLibrary;
let withModel: TestLibrary;
const files: Record<string, { costco: string; tebon: string }> = {};

async function store(lib: TestLibrary, file: string, language: 'en' | 'zh') {
  const { pages } = await corpus.read('reports', file, { maxPages: 50 });
  const built = await buildFile(lib.db, { title: file, language, pages });
  expect((await createFilesRepo(lib.db).pages(built.seq)).length).toBe(pages.length);
  return built.id;
}

beforeAll(async () => {
  fake = await startFakeLlm({ reply, chunkSize: 64 });
  const llm = createLlmClient({ baseUrl: fake.url, model: 'fake-chat', maxRetries: 1, retryBaseMs: 1 });
  plain = await openTestLibrary({}, { llm: null });
  withModel = await openTestLibrary({}, { llm });
  for (const [name, lib] of [
    ['plain', plain],
    ['model', withModel],
  ] as const) {
    files[name] = { costco: await store(lib, COSTCO, 'en'), tebon: await store(lib, TEBON, 'zh') };
  }
});
afterAll(async () => {
  await plain.close();
  await withModel.close();
  await fake.close();
});

async function ask(lib: TestLibrary, user: TestUser, fileId: string, question: string): Promise<Turn> {
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/dialog/chat',
    payload: { file_id: fileId, question },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.statusCode).toBe(200);
  return parseTurn(res.body);
}

const mentions = (turn: Turn, text: string) => turn.citations.some((c) => c.text.includes(text));

describe('without a provider', () => {
  it('answers a Chinese question about an English report with its own passages, not the previous ones', async () => {
    const user = await paidUser(plain);
    const first = await ask(plain, user, files.plain!.costco, WAREHOUSES);
    expect(first.citations[0]?.text).toContain('853 warehouses');

    const second = await ask(plain, user, files.plain!.costco, MEMBERSHIP_ZH);
    expect(second.done).toMatchObject({ mode: 'passages' });
    expect(second.citations[0]?.page).toBe(3);
    expect(second.citations[0]?.text).toContain('Membership fees');
    expect(mentions(second, '853 warehouses')).toBe(false);
  });

  it('answers an English question about a Chinese report with its own passages', async () => {
    const user = await paidUser(plain);
    const first = await ask(plain, user, files.plain!.tebon, '金刚线的产能是多少？');
    expect(first.citations[0]?.text).toContain('金刚线');

    const risks = await ask(plain, user, files.plain!.tebon, 'What are the main risks?');
    expect(risks.citations[0]?.text).toContain('风险提示');
    const forecast = await ask(
      plain,
      user,
      files.plain!.tebon,
      'What is the profit forecast and the rating?',
    );
    expect(forecast.citations[0]?.text).toContain('盈利预测');
  });
});

describe('with a provider', () => {
  const tokensIn = (user: TestUser) =>
    withModel.db
      .selectFrom('usage_counters')
      .select('count')
      .where('subject', '=', `u:${user.id}`)
      .where('usage_type', '=', TOKENS_IN)
      .executeTakeFirst()
      .then((r) => r?.count ?? 0);
  const promptTokens = (r: LlmRequest) => r.messages.reduce((n, m) => n + fakeTokens(m.content), 0);

  it("searches with the model's translation of the question, and charges its tokens to the asker", async () => {
    const user = await paidUser(withModel);
    await ask(withModel, user, files.model!.costco, WAREHOUSES);
    const before = await tokensIn(user);
    const sent = fake.requests.length;

    const turn = await ask(withModel, user, files.model!.costco, CHARTER_ZH);
    const [translation, answer] = fake.requests.slice(sent);
    expect(translation).toMatchObject({ stream: false });
    expect(translation!.messages.at(-1)).toEqual({ role: 'user', content: CHARTER_ZH });
    expect(translation!.messages[0]!.content).toMatch(/into English/);
    // The model answers the question as asked, from the passages its translation found.
    expect(answer!.messages.at(-1)!.content).toMatch(new RegExp(`Question: ${CHARTER_ZH}$`));
    expect(turn.done).toMatchObject({ mode: 'model' });
    expect(mentions(turn, 'charter')).toBe(true);
    expect(turn.citations[0]?.text).not.toContain('853 warehouses');
    expect(await tokensIn(user)).toBe(before + promptTokens(translation!) + promptTokens(answer!));
  });

  it('asks no translation for a question in the report language', async () => {
    const user = await paidUser(withModel);
    const sent = fake.requests.length;
    await ask(withModel, user, files.model!.tebon, '金刚线的产能是多少？');
    expect(fake.requests.slice(sent).map((r) => r.stream)).toEqual([true]);
  });

  it('falls back on the finance terms when the translation fails', async () => {
    const user = await paidUser(withModel);
    await ask(withModel, user, files.model!.costco, WAREHOUSES);
    // Both attempts of the translation fail; the answer that follows is served.
    fake.failNext(500, 2);
    const turn = await ask(withModel, user, files.model!.costco, MEMBERSHIP_ZH);
    expect(turn.done).toMatchObject({ mode: 'model' });
    // The question's own passages come first (the previous topic may fill the places left).
    expect(turn.citations[0]?.text).toContain('Membership fees');
  });
});
