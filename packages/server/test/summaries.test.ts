import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDetailResponse } from '@rl/contract';
import { loadConfig } from '../src/config.js';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { extractiveSummary } from '../src/modules/summary/extractive.js';
import { ABSTRACT_INPUT_CHARS } from '../src/modules/summary/prompt.js';
import { queueOwedSummaries } from '../src/modules/summary/summarise-job.js';
import { openRuntime, type Runtime } from '../src/runtime.js';
import { startFakeLlm, type FakeLlm, type LlmRequest } from './fake-llm-server.js';
import { buildFile } from './factories.js';
import { call, fixedClock, openTestLibrary } from './harness.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { paidUser } from './library-helpers.js';

/** A real earnings release whose content the test knows (Costco's third quarter of 2023). */
const REPORT = readCorpusFile('reports', 'fb_COSTCO_2023Q3_EARNINGS.pdf');

const SUMMARY_JSON = JSON.stringify({
  standard: 'Fake standard summary of the energy roundup.',
  compact: 'Fake compact summary.',
});
const ZH = '能源综述的中文摘要。';

/** The fake provider's answers: a summary for the summary prompt, Chinese for the translation. */
const reply = (r: LlmRequest) => (r.messages[0]?.content.startsWith('Translate') ? ZH : SUMMARY_JSON);

const PROSE_A =
  'Copper demand rose sharply in China this quarter as grid investment picked up again. ' +
  'Smelters raised their treatment charges while the inventories on the exchanges kept falling.';
const PROSE_B =
  'Oil inventories fell for the third week in a row, the energy agency said on Wednesday. ' +
  'Refiners ran their plants harder than usual ahead of the winter heating season this year.';
const PROSE_C =
  'Gold prices hit a record high this month as central banks kept buying bullion for reserves. ' +
  'Investors also added to their holdings of exchange traded funds backed by the metal.';

const dirs: string[] = [];
async function runtime(env: Record<string, string> = {}): Promise<Runtime> {
  const dir = mkdtempSync(join(tmpdir(), 'rl-summary-'));
  dirs.push(dir);
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });
  return openRuntime(config, pino({ level: 'silent' }), { clock: fixedClock() });
}

async function ingestReal(rt: Runtime) {
  const outcome = await rt.ingestor.ingest({ bytes: REPORT, fileName: 'costco-q3.pdf', source: 'import' });
  if (outcome.kind !== 'queued') throw new Error(`not queued: ${outcome.kind}`);
  await rt.runner.idle();
  const files = createFilesRepo(rt.db);
  const file = await files.byId(outcome.fileId);
  if (!file) throw new Error('file gone');
  return { file, pages: await files.pages(file.seq) };
}

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm({ reply });
});
afterAll(async () => {
  await fake.close();
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe('summaries at ingestion', () => {
  it('without a provider: the extractive summary, standard and compact, no translation', async () => {
    const rt = await runtime();
    rt.runner.start();
    try {
      const { file, pages } = await ingestReal(rt);
      expect(file.status).toBe('ready');
      const expected = extractiveSummary(pages, file.language);
      expect(file.summary).toMatch(/sales|Costco|members/i);
      expect(file.summary).toBe(expected.standard);
      expect(file.summary_compact).toBe(expected.compact);
      expect(file.summary_kind).toBe('extractive');
      expect(file.summarised_at).not.toBeNull();
      expect(JSON.parse(file.multi_language_summary)).toEqual({});
    } finally {
      await rt.close();
    }
  });

  it('with a provider: its summary in both forms from the report text, and zh-hans by the translator', async () => {
    const rt = await runtime({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-chat', TRANSLATE_MODEL: 'fake-mt' });
    rt.runner.start();
    fake.requests.length = 0;
    try {
      const { file, pages } = await ingestReal(rt);
      expect(file).toMatchObject({
        summary: 'Fake standard summary of the energy roundup.',
        summary_compact: 'Fake compact summary.',
        summary_kind: 'abstractive',
      });
      expect(JSON.parse(file.multi_language_summary)).toEqual({ 'zh-hans': ZH });
      const [summaryCall, translateCall] = fake.requests;
      expect(summaryCall?.model).toBe('fake-chat');
      const input = summaryCall?.messages[1]?.content ?? '';
      // The request carried the report's own text, bounded.
      const firstLine = pages[0]!
        .split('\n')
        .find((l) => l.trim().length > 20)!
        .trim();
      expect(input).toContain(firstLine);
      expect(input.length).toBeLessThanOrEqual(ABSTRACT_INPUT_CHARS);
      expect(summaryCall?.messages[0]?.content).toContain('English');
      expect(translateCall?.model).toBe('fake-mt');
      expect(translateCall?.messages[1]?.content).toBe('Fake standard summary of the energy roundup.');
    } finally {
      await rt.close();
    }
  });

  it('falls back to the extractive summary when the provider fails', async () => {
    const rt = await runtime({ LLM_BASE_URL: fake.url, LLM_MODEL: 'fake-chat' });
    rt.runner.start();
    // Refused (not retried): the summary call and the translation of the fallback.
    fake.failNext(400, 2);
    try {
      const { file, pages } = await ingestReal(rt);
      expect(file.summary_kind).toBe('extractive');
      expect(file.summary).toBe(extractiveSummary(pages, file.language).standard);
      expect(JSON.parse(file.multi_language_summary)).toEqual({});
    } finally {
      await rt.close();
    }
  });

  it('queues ready files never summarised once, at start and again only when none is pending', async () => {
    const rt = await runtime();
    try {
      const a = await buildFile(rt.db, { pages: [PROSE_A] });
      const b = await buildFile(rt.db, { pages: [PROSE_B] });
      const now = '2026-11-21T10:00:00.000Z';
      expect(await queueOwedSummaries(rt.transaction, now)).toBe(2);
      expect(await queueOwedSummaries(rt.transaction, now)).toBe(0);
      rt.runner.start();
      await rt.runner.idle();
      const files = createFilesRepo(rt.db);
      for (const f of [a, b]) {
        const row = await files.bySeq(f.seq);
        expect(row?.summary).toMatch(/inventories|Copper|Oil/);
        expect(row?.summarised_at).not.toBeNull();
      }
      expect(await queueOwedSummaries(rt.transaction, now)).toBe(0);
      const jobs = await rt.db.selectFrom('jobs').select('state').where('type', '=', 'summarise').execute();
      expect(jobs.map((j) => j.state)).toEqual(['done', 'done']);
    } finally {
      await rt.close();
    }
  });

  it('a summarise job interrupted mid-step resumes at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rl-summary-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const first = await openRuntime(config, pino({ level: 'silent' }), { clock: fixedClock() });
    const f = await buildFile(first.db, { pages: [PROSE_C] });
    await queueOwedSummaries(first.transaction, '2026-11-21T10:00:00.000Z');
    // A crash while the step ran: the row is left 'running'.
    await first.db.updateTable('jobs').set({ state: 'running', attempts: 1 }).execute();
    await first.close();
    const second = await openRuntime(config, pino({ level: 'silent' }), { clock: fixedClock() });
    try {
      second.runner.start();
      await second.runner.idle();
      expect((await createFilesRepo(second.db).bySeq(f.seq))?.summary).toContain('Gold prices');
    } finally {
      await second.close();
    }
  });
});

describe('presenting summaries', () => {
  it('shows zh-hans, copying the legacy zh key', async () => {
    const lib = await openTestLibrary();
    try {
      const user = await paidUser(lib);
      const legacy = await buildFile(lib.db, { title: 'Legacy' });
      const current = await buildFile(lib.db, { title: 'Current' });
      await lib.db
        .updateTable('files')
        .set({ summary: 'English summary.', multi_language_summary: JSON.stringify({ zh: '旧摘要' }) })
        .where('id', '=', legacy.id)
        .execute();
      await lib.db
        .updateTable('files')
        .set({ multi_language_summary: JSON.stringify({ 'zh-hans': '新摘要' }) })
        .where('id', '=', current.id)
        .execute();
      const a = await call<FileDetailResponse>(
        lib.app,
        '/api/file/file_detail',
        { file_id: legacy.id },
        {
          token: user.token,
        },
      );
      expect(a.status).toBe(200);
      expect(a.body.file_info.meta.summary).toBe('English summary.');
      expect(a.body.file_info.multi_language_summary['zh-hans']).toBe('旧摘要');
      const b = await call<FileDetailResponse>(
        lib.app,
        '/api/file/file_detail',
        { file_id: current.id },
        {
          token: user.token,
        },
      );
      expect(b.body.file_info.multi_language_summary).toEqual({ 'zh-hans': '新摘要' });
    } finally {
      await lib.close();
    }
  });
});
