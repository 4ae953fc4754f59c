import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Citation } from '@rl/contract';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';

/** A real Chinese broker note whose first page prints its rating (增持). */
const TEBON = readCorpusFile('reports', 'cn_broker_note_tebon_688556_2022-07-19.pdf');

let lib: TestLibrary;
let fileId: string;
let seq: number;

beforeAll(async () => {
  lib = await openTestLibrary({}, { jobs: true, llm: null });
  const outcome = await lib.ingestor.ingest({ bytes: TEBON, fileName: 'tebon.pdf', source: 'import' });
  if (outcome.kind !== 'queued') throw new Error(`not queued: ${outcome.kind}`);
  await lib.runner?.idle();
  const row = await createFilesRepo(lib.db).byId(outcome.fileId);
  expect(row?.status).toBe('ready');
  fileId = outcome.fileId;
  seq = row!.seq;
}, 120_000);
afterAll(() => lib.close());

async function ask(user: TestUser, question: string, language = 'en') {
  const res = await lib.app.inject({
    method: 'POST',
    url: '/api/dialog/chat',
    payload: { file_id: fileId, question },
    headers: { authorization: `Bearer ${user.token}`, 'x-language': language },
  });
  expect(res.statusCode).toBe(200);
  const citations: Citation[] = [];
  let text = '';
  for (const block of res.body.split('\n\n').filter((b) => b.trim())) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
    if (event === 'citation') citations.push(data as unknown as Citation);
    if (event === 'delta') text += String(data.text ?? '');
  }
  return { citations, text };
}

describe('the chat answers a question about the call from the research data', () => {
  it('states the rating read from the note first, citing the page that prints it', async () => {
    const user = await paidUser(lib);
    const pages = await createFilesRepo(lib.db).pages(seq);
    const { citations, text } = await ask(user, 'What is the rating and target price?');
    expect(text).toContain('Rating: 增持');
    const first = citations[0]!;
    expect(first.page).toBe(1);
    expect(pages[0]).toContain(first.text.slice(0, 20));
    expect(first.text).toContain('增持');
    expect(text).toContain(`[p. ${first.page}]`);
  });

  it('answers from a corrected value', async () => {
    const user = await paidUser(lib);
    const files = createFilesRepo(lib.db);
    const row = (await files.bySeq(seq))!;
    const corrected = JSON.parse(row.stock_information) as Record<string, unknown>[];
    corrected[0] = {
      ...corrected[0],
      rating: '买入',
      rating_normalised: 'buy',
      target_price_value: 99.5,
      currency: 'CNY',
    };
    await lib.db
      .updateTable('files')
      .set({ stock_information: JSON.stringify(corrected) })
      .where('seq', '=', seq)
      .execute();
    const { text } = await ask(user, '评级和目标价是多少？', 'zh');
    expect(text).toContain('评级: 买入');
    expect(text).toContain('目标价: 99.5 CNY');
  });
});
