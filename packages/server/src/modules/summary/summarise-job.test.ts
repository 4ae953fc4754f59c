import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFile } from '../../../test/factories.js';
import { fakeTokens, startFakeLlm, type FakeLlm, type LlmRequest } from '../../../test/fake-llm-server.js';
import { openTestLibrary, type TestLibrary } from '../../../test/harness.js';
import type { JobRow } from '../../jobs/jobs-repo.js';
import { createLlmClient, estimateTokens, type LlmClient } from '../../platform/llm.js';
import { TOKENS_IN, TOKENS_OUT } from '../quota/token-budget.js';
import { summarise } from './prompt.js';
import { createSummariseJob } from './summarise-job.js';

const PAGES = [
  'Copper demand rose sharply in China this quarter as grid investment picked up again after a slow year. ' +
    'Smelters raised their treatment charges while the inventories on the exchanges kept falling every week.',
];
const SUMMARY_JSON = JSON.stringify({ standard: 'Copper demand is up.', compact: 'Copper up.' });
const reply = (r: LlmRequest) =>
  r.messages[0]?.content.startsWith('Translate') ? '铜需求上升。' : SUMMARY_JSON;

/** What a provider reporting usage the fake's way reported for these calls. */
const reported = (requests: readonly LlmRequest[]) => ({
  input_tokens: requests.reduce((n, r) => n + r.messages.reduce((k, m) => k + fakeTokens(m.content), 0), 0),
  output_tokens: requests.reduce((n, r) => n + fakeTokens(reply(r)), 0),
});

describe('the tokens summarise() spent', () => {
  let fake: FakeLlm;
  let silent: FakeLlm;
  let llm: LlmClient;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    silent = await startFakeLlm({ reply, reportUsage: false });
    llm = createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 })!;
  });
  afterAll(async () => {
    await fake.close();
    await silent.close();
  });

  it('are none without a provider', async () => {
    const r = await summarise(PAGES, 'en', null);
    expect(r.summaries.kind).toBe('extractive');
    expect(r.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
  });

  it('are the sum of the usage the provider reported for the summary and its translation', async () => {
    fake.requests.length = 0;
    const r = await summarise(PAGES, 'en', llm);
    expect(r.summaries).toMatchObject({ kind: 'abstractive', translations: { 'zh-hans': '铜需求上升。' } });
    expect(fake.requests).toHaveLength(2);
    expect(r.usage).toEqual(reported(fake.requests));
  });

  it('are those of the one call of a Chinese report (no translation asked)', async () => {
    fake.requests.length = 0;
    const r = await summarise(PAGES, 'zh', llm);
    expect(fake.requests).toHaveLength(1);
    expect(r.usage).toEqual(reported(fake.requests));
  });

  it('are estimated from the text when the provider reports none', async () => {
    const quiet = createLlmClient({ baseUrl: silent.url, model: 'fake', maxRetries: 0 })!;
    const r = await summarise(PAGES, 'en', quiet);
    expect(silent.requests).toHaveLength(2);
    expect(r.usage).toEqual({
      input_tokens: silent.requests.reduce(
        (n, q) => n + q.messages.reduce((k, m) => k + estimateTokens(m.content), 0),
        0,
      ),
      output_tokens: silent.requests.reduce((n, q) => n + estimateTokens(reply(q)), 0),
    });
    expect(r.usage.input_tokens).toBeGreaterThan(0);
  });

  it('leave out a call that failed', async () => {
    fake.requests.length = 0;
    fake.failNext(400, 2);
    const failed = await summarise(PAGES, 'en', llm);
    expect(failed.summaries.kind).toBe('extractive');
    expect(failed.usage).toEqual({ input_tokens: 0, output_tokens: 0 });
  });
});

describe('the summarise job', () => {
  let fake: FakeLlm;
  let lib: TestLibrary;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    lib = await openTestLibrary({}, { llm: null });
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('writes the summary and counts its tokens on nobody', async () => {
    // The summary's two calls only, even for a company note: the model's research pass is a job of its own.
    const f = await buildFile(lib.db, { pages: PAGES, reportType: 'company' });
    const job = createSummariseJob({
      repos: lib.repos,
      clock: lib.clock,
      llm: createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 }),
    });
    fake.requests.length = 0;
    expect(await job.runStep('summarise', { file_seq: f.seq }, {} as JobRow)).toBe('done');
    expect(fake.requests).toHaveLength(2);
    const file = await lib.db
      .selectFrom('files')
      .select(['summary', 'summary_kind'])
      .where('seq', '=', f.seq)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ summary: 'Copper demand is up.', summary_kind: 'abstractive' });
    const tokens = await lib.db
      .selectFrom('usage_counters')
      .select('subject')
      .where('usage_type', 'in', [TOKENS_IN, TOKENS_OUT])
      .execute();
    expect(tokens).toEqual([]);
  });
});
