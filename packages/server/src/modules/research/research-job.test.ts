import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFile } from '../../../test/factories.js';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm-server.js';
import { openTestLibrary, type TestLibrary } from '../../../test/harness.js';
import { createIngestWrites } from '../../ingest/ingest-writes.js';
import { createLlmClient } from '../../platform/llm.js';
import { metaFromColumns } from '../files/meta-columns.js';
import { searchDocument } from '../search/search-document.js';
import { createResearchJob } from './research-job.js';
import { JOBS, type JobName, type JobRow } from '../../jobs/job-list.js';
import { queuedPayloads } from '../../../test/queued-jobs.js';

/**
 * The model's pass over a note's research data is a job of its own: queued with a company or
 * industry note's index entry when a provider is configured, writing what the rules left empty.
 */

const NOTE = [
  'Kweichow Moutai (600519 CH)\nRating: Buy (maintained)\nPrice target: CNY 2,100.00 (was CNY 1,950.00)',
  'Moutai keeps its pricing power.',
];
const ANSWER = JSON.stringify({
  companies: [
    {
      ticker: '600519 CH',
      company_name: 'Kweichow Moutai',
      rating: 'Buy',
      rating_action: 'maintain',
      previous_rating: null,
      target_price: 2100,
      currency: 'CNY',
      previous_target_price: 1950,
    },
  ],
  sector: 'consumer_staples',
});
const READ = [{ ticker: '600519.SH', company_name: 'Kweichow Moutai', rating: 'Buy', target_price: null }];

let fake: FakeLlm;
let lib: TestLibrary;
beforeAll(async () => {
  fake = await startFakeLlm({ reply: () => ANSWER });
  lib = await openTestLibrary({}, { llm: null });
});
afterAll(async () => {
  await lib.close();
  await fake.close();
});

/** The kinds of job queued for a file, read through each kind's payload schema. */
const queued = async (seq: number) => {
  const kinds: JobName[] = [];
  for (const type of Object.keys(JOBS) as JobName[]) {
    const payloads = await queuedPayloads(lib.db, type);
    if (payloads.some((p) => 'file_seq' in p && p.file_seq === seq)) kinds.push(type);
  }
  return kinds.sort();
};

/** The job with the fake provider, as a configured provider runs it. */
const researchJob = () =>
  createResearchJob({
    files: lib.repos.files,
    transaction: lib.transaction,
    llm: createLlmClient({ baseUrl: fake.url, model: 'fake', maxRetries: 0 }),
    clock: lib.clock,
  });

describe('the research job', () => {
  it('fills an industry note’s sector only: the companies it names never become its subject', async () => {
    const f = await buildFile(lib.db, { pages: NOTE, reportType: 'industry', stockInformation: [] });
    const job = researchJob();
    expect(await job.runStep('read', { file_seq: f.seq, new_report: true }, {} as JobRow)).toBe('done');
    const row = await lib.repos.files.bySeq(f.seq);
    expect(row?.sector).toBe('consumer_staples');
    expect(JSON.parse(row!.stock_information)).toEqual([]);
  });

  it('fills what the rules left empty, through the one writer of research data', async () => {
    const f = await buildFile(lib.db, { pages: NOTE, reportType: 'company', stockInformation: READ });
    const job = researchJob();
    expect(await job.runStep('read', { file_seq: f.seq, new_report: true }, {} as JobRow)).toBe('done');
    const row = await lib.repos.files.bySeq(f.seq);
    expect(row?.sector).toBe('consumer_staples');
    expect(JSON.parse(row!.stock_information)).toEqual([
      expect.objectContaining({ ticker: '600519.SH', target_price_value: 2100, currency: 'CNY' }),
    ]);
    const companies = await lib.db
      .selectFrom('file_companies')
      .select(['ticker', 'target_price'])
      .where('file_seq', '=', f.seq)
      .execute();
    expect(companies).toEqual([{ ticker: '600519.SH', target_price: 2100 }]);
    // What the new note carries changed: its followers are matched again.
    expect(await queued(f.seq)).toEqual(['alerts']);

    // After a re-reading the pass fills the same, and an old note is no one's news.
    const old = await buildFile(lib.db, { pages: NOTE, reportType: 'company', stockInformation: READ });
    await job.runStep('read', { file_seq: old.seq, new_report: false }, {} as JobRow);
    expect((await lib.repos.files.bySeq(old.seq))?.sector).toBe('consumer_staples');
    expect(await queued(old.seq)).toEqual([]);
  });

  it('ends quietly without a provider, leaving the reading as it is', async () => {
    const f = await buildFile(lib.db, { pages: NOTE, reportType: 'company', stockInformation: READ });
    const before = await lib.repos.files.bySeq(f.seq);
    const job = createResearchJob({
      files: lib.repos.files,
      transaction: lib.transaction,
      llm: null,
      clock: lib.clock,
    });
    expect(await job.runStep('read', { file_seq: f.seq, new_report: true }, {} as JobRow)).toBe('done');
    expect(await lib.repos.files.bySeq(f.seq)).toEqual(before);
  });

  it('is queued with a company note read when a provider is configured, and only then', async () => {
    for (const modelPass of [true, false]) {
      const writes = createIngestWrites(lib.transaction, { modelPass });
      const company = await buildFile(lib.db, { pages: NOTE, reportType: 'company', status: 'processing' });
      const macro = await buildFile(lib.db, { pages: NOTE, reportType: 'macro', status: 'processing' });
      for (const f of [company, macro]) {
        const row = (await lib.repos.files.bySeq(f.seq))!;
        const doc = searchDocument(metaFromColumns(row), NOTE);
        expect(await writes.markIndexed(f.seq, doc, row.report_type, lib.clock.now().toISOString())).toBe(
          true,
        );
      }
      expect(await queued(company.seq)).toEqual(
        modelPass ? ['alerts', 'research', 'summarise'] : ['alerts', 'summarise'],
      );
      expect(await queued(macro.seq)).toEqual(['alerts', 'summarise']);
      // A new report's pass: what it finds reaches followers.
      if (modelPass)
        expect((await queuedPayloads(lib.db, 'research')).find((p) => p.file_seq === company.seq)).toEqual({
          file_seq: company.seq,
          new_report: true,
        });
    }
  });
});
