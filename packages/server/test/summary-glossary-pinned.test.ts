import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../src/jobs/jobs-repo.js';
import { loadBuiltinGlossary, type GlossaryEntry } from '../src/modules/glossary/builtin-glossary.js';
import type { GlossarySource } from '../src/modules/glossary/glossary-source.js';
import { summarise } from '../src/modules/summary/prompt.js';
import { createSummariseJob } from '../src/modules/summary/summarise-job.js';
import { createLlmClient, type LlmClient } from '../src/platform/llm.js';
import { startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

const PAGES = [
  'The bank entered an interest rate swap to hedge its loans, while northbound money kept flowing into ' +
    'the market and the lender raised its guidance for the year.',
];
const STANDARD = 'The bank hedged with an interest rate swap as northbound money flowed in.';
const isTranslation = (r: LlmRequest) => r.messages[0]?.content.startsWith('Translate') === true;
const reply = (r: LlmRequest) =>
  isTranslation(r) ? '银行以利率互换对冲。' : JSON.stringify({ standard: STANDARD, compact: 'Hedged.' });

/** The built-in glossary and a term only this test has. */
const entries: GlossaryEntry[] = [
  ...loadBuiltinGlossary(),
  { zh: ['北向资金'], en: ['northbound money'], domain: 'markets' },
];
const glossary: GlossarySource = { current: async () => entries };

describe('a summary translated into Chinese pins the glossary terms it uses', () => {
  let fake: FakeLlm;
  let llm: LlmClient;
  let lib: TestLibrary;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    llm = createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 })!;
    lib = await openTestLibrary({}, { llm: null });
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  it('in the translation prompt only, with the given glossary', async () => {
    fake.requests.length = 0;
    const r = await summarise(PAGES, 'en', llm, { glossary });
    expect(r.summaries.translations).toEqual({ 'zh-hans': '银行以利率互换对冲。' });
    const [abstract, translation] = fake.requests;
    // The summary is written in the report's language: nothing to pin there.
    expect(abstract?.messages[0]?.content).not.toContain('→');
    const system = translation?.messages[0]?.content ?? '';
    expect(system).toContain('interest rate swap → 利率互换');
    expect(system).toContain('northbound money → 北向资金');
    expect(translation?.messages[1]?.content).toBe(STANDARD);
  });

  it('with the built-in glossary when none is given', async () => {
    fake.requests.length = 0;
    await summarise(PAGES, 'en', llm);
    const system = fake.requests.find(isTranslation)?.messages[0]?.content ?? '';
    expect(system).toContain('interest rate swap → 利率互换');
    expect(system).not.toContain('北向资金');
  });

  it('through the summarise job, which is given the glossary source', async () => {
    const f = await buildFile(lib.db, { pages: PAGES, reportType: 'macro' });
    const job = createSummariseJob({ repos: lib.repos, clock: lib.clock, llm, glossary });
    fake.requests.length = 0;
    expect(await job.runStep('summarise', { file_seq: f.seq }, {} as JobRow)).toBe('done');
    expect(fake.requests.find(isTranslation)?.messages[0]?.content).toContain('northbound money → 北向资金');
  });
});
