import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRow } from '../src/jobs/jobs-repo.js';
import { loadBuiltinGlossary, type GlossaryEntry } from '../src/modules/glossary/builtin-glossary.js';
import type { GlossarySource } from '../src/modules/glossary/glossary-source.js';
import { TRANSLATE_SYSTEM_PROMPT } from '../src/modules/translation/provider.js';
import { createTranslateJob } from '../src/modules/translation/translate-job.js';
import { translatePdf } from '../src/pdf/translate/index.js';
import { fakeChinese } from '../src/pdf/translate/test-support.js';
import { createLlmClient } from '../src/platform/llm.js';
import { startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

const LANG = 'zh-hans';

/** A one-page report in English mentioning a built-in term and a term only the test's glossary has. */
async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('The bank entered an interest rate swap to hedge its loans.', {
    x: 72,
    y: 700,
    size: 12,
    font,
  });
  page.drawText('Northbound money kept flowing into the market this week.', {
    x: 72,
    y: 600,
    size: 12,
    font,
  });
  return doc.save();
}

/** The glossary as an administrator may have changed it: the built-in terms and one of their own. */
const glossaryWith = (zh: string): GlossarySource => {
  const entries: GlossaryEntry[] = [
    ...loadBuiltinGlossary(),
    { zh: [zh], en: ['northbound money'], domain: 'markets' },
  ];
  return { current: async () => entries };
};

const isTranslation = (r: LlmRequest) => r.messages[0]?.content.startsWith(TRANSLATE_SYSTEM_PROMPT) === true;
const reply = (r: LlmRequest) =>
  JSON.stringify(
    (JSON.parse(r.messages[1]?.content ?? '[]') as string[]).map((t) =>
      t.replace(/[A-Za-z]+/g, (w) => fakeChinese(w)),
    ),
  );
/** Everything the provider was told in a call. */
const prompt = (r: LlmRequest) => r.messages.map((m) => m.content).join('\n');

describe('the translate job pins the glossary terms of each batch', () => {
  let fake: FakeLlm;
  let lib: TestLibrary;
  let pdf: Uint8Array;
  beforeAll(async () => {
    fake = await startFakeLlm({ reply });
    lib = await openTestLibrary({}, { llm: null });
    pdf = await reportPdf();
  });
  afterAll(async () => {
    await lib.close();
    await fake.close();
  });

  /** Translates a new file of the report's bytes with `glossary`; answers the provider calls it made. */
  async function translate(glossary: GlossarySource): Promise<LlmRequest[]> {
    const { sha256 } = await lib.storage.put(pdf);
    const f = await buildFile(lib.db, { sha256 });
    await lib.repos.translations.restart(f.seq, LANG, lib.clock.now().toISOString());
    const job = createTranslateJob({
      repos: lib.repos,
      storage: lib.storage,
      clock: lib.clock,
      llm: createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 }),
      // In this process: the worker runs the same code, and would only make the test slower.
      translatePdf,
      glossary,
    });
    const before = fake.requests.length;
    expect(await job.runStep('translate', { file_seq: f.seq, lang: LANG }, { attempts: 1 } as JobRow)).toBe(
      'done',
    );
    expect((await lib.repos.translations.get(f.seq, LANG))?.status).toBe('finish');
    return fake.requests.slice(before).filter(isTranslation);
  }

  it('tells the provider the renderings of the built-in and the given glossary, the texts kept apart', async () => {
    const [call, ...more] = await translate(glossaryWith('北向资金'));
    expect(more).toEqual([]);
    expect(prompt(call!)).toContain('interest rate swap → 利率互换');
    expect(prompt(call!)).toContain('Northbound money → 北向资金');
    // The terms follow the system prompt; the texts still go as the JSON array they were.
    expect(call!.messages[0]?.content.startsWith(`${TRANSLATE_SYSTEM_PROMPT}\n\n`)).toBe(true);
    expect(JSON.parse(call!.messages[1]!.content)).toHaveLength(2);
  });

  it('answers from the cache while the glossary is the same, and asks again for what a change concerns', async () => {
    expect(await translate(glossaryWith('北向资金'))).toEqual([]);

    const changed = await translate(glossaryWith('北上资金'));
    expect(changed).toHaveLength(1);
    const texts = JSON.parse(changed[0]!.messages[1]!.content) as string[];
    // Only the block whose term changed goes again; the other still comes from the cache.
    expect(texts).toEqual([expect.stringContaining('Northbound money')]);
    expect(prompt(changed[0]!)).toContain('Northbound money → 北上资金');
    expect(prompt(changed[0]!)).not.toContain('利率互换');
  });
});
