import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminFileResponse,
  DashboardStatusResponse,
  HealthResponse,
  MyFileEditResponse,
  ReingestStartResponse,
  SearchResponse,
  UploadResponse,
} from '@rl/contract';
import { INGEST_MAX_PAGES } from '@rl/contract';
import { READING_VERSION } from '../src/pdf/reading-version.js';
import { createReingestJob } from '../src/ingest/reingest-job.js';
import { createReingestService, reingestIfOutdated } from '../src/ingest/reingest-service.js';
import { builtinGlossarySource } from '../src/modules/glossary/glossary-source.js';
import { createJobHandlers } from '../src/wiring/job-handlers.js';
import { createJobRunner } from '../src/jobs/runner.js';
import { createPdfExtractor, type PdfExtractor } from '../src/pdf/extract.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { adminSession, auditOf, fileWithBytes, manageCall, type TestAdmin } from './admin-helpers.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { expect400, FILE_NOT_FOUND, trialUser, type TestUser } from './library-helpers.js';
import { upload } from './upload-helpers.js';
import { queuedPayloads } from './queued-jobs.js';

/**
 * Re-ingestion: the library's ready files read again by the current reading, in a resumable
 * background job, with every field a person corrected (the owner of an upload, an administrator)
 * kept as they set it. Real PDFs of the corpus, the real job runner, the real HTTP routes.
 */

const HSBC = readCorpusFile('research', 'en_hsbc_tsmc_company.pdf');
const HTSC = readCorpusFile('research', 'cn_htsc_ffscore_quant.pdf');

let lib: TestLibrary;
let admin: TestAdmin;
beforeAll(async () => {
  lib = await openTestLibrary({ PDF_TIMEOUT_MS: '30000' }, { jobs: true });
  admin = await adminSession(lib);
});
afterAll(() => lib.close());

const row = (id: string) =>
  lib.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const pagesOf = async (seq: number) =>
  (
    await lib.db
      .selectFrom('file_pages')
      .select('text')
      .where('file_seq', '=', seq)
      .orderBy('page_no')
      .execute()
  ).map((p) => p.text);
const summariseJobs = async (seq: number) =>
  (await queuedPayloads(lib.db, 'summarise')).filter((p) => p.file_seq === seq).length;
const searchIds = async (keyword: string, token?: string) => {
  const r = await call<SearchResponse>(lib.app, '/api/file/search', { keyword }, token ? { token } : {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.file_list.map((f) => f.id);
};
/** The ids a search by research filters finds (an empty keyword: every match, newest first). */
const filteredIds = async (filter: Record<string, unknown>, token?: string) => {
  const r = await call<SearchResponse>(
    lib.app,
    '/api/file/search',
    { keyword: '', filter, page_length: 100 },
    token ? { token } : {},
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.file_list.map((f) => f.id);
};
const ownerEdit = (body: Record<string, unknown>, token: string) =>
  call<MyFileEditResponse>(lib.app, '/api/file/myfiles/edit', body, { token });
const adminEdit = (body: Record<string, unknown>) =>
  manageCall<AdminFileResponse>(lib, 'file/edit', body, admin.token);
const startReingest = (body: Record<string, unknown>, token = admin.token) =>
  manageCall<ReingestStartResponse>(lib, 'reingest/start', body, token);
const health = async () => {
  const r = await call<HealthResponse>(lib.app, '/api/health', {}, { method: 'GET', token: admin.token });
  expect(r.status).toBe(200);
  return r.body;
};

/** Makes every ready file look read by an older reading, as a new READING_VERSION does. */
const ageReadings = () => lib.db.updateTable('files').set({ reading_version: 0 }).execute();

async function imported(bytes: Uint8Array, name: string): Promise<string> {
  const r = await lib.ingestor.ingest({ bytes, fileName: name, source: 'import' });
  if (r.kind !== 'queued') throw new Error(`not queued: ${r.kind}`);
  await lib.runner!.idle();
  return r.fileId;
}

describe('the reading stores what a report is and who wrote it', () => {
  it('keeps the report type, the analysts’ registration numbers and the reading version', async () => {
    const id = await imported(HTSC, 'scan-a.pdf');
    const f = await row(id);
    expect(f.status).toBe('ready');
    expect(f.reading_version).toBe(READING_VERSION);
    expect(f.corrected_fields).toBe('[]');
    const numbers = JSON.parse(f.author_registrations) as Record<string, string>;
    // Each number belongs to an analyst the reading named, and looks like one (S + 13 digits).
    for (const [name, number] of Object.entries(numbers)) {
      expect(JSON.parse(f.authors)).toContain(name);
      expect(number).toMatch(/^S\d{13}$/);
    }

    // The viewer's file detail and the console's answer them.
    const user = await trialUser(lib);
    const detail = await call<{ file_info: { meta: Record<string, unknown> } }>(
      lib.app,
      '/api/file/file_detail',
      { file_id: id },
      { token: user.token },
    );
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.file_info.meta).toMatchObject({
      report_type: f.report_type,
      author_registrations: numbers,
    });
    const console_ = await manageCall<AdminFileResponse>(lib, 'file/details', { file_id: id }, admin.token);
    expect(console_.body.file).toMatchObject({
      report_type: f.report_type,
      author_registrations: numbers,
      corrected_fields: [],
    });
  });
});

describe('corrections by the owner and an administrator survive a re-ingestion', () => {
  let owner: TestUser;
  let uploadId: string;
  let libraryId: string;

  beforeAll(async () => {
    owner = await trialUser(lib);
    const up = await upload<UploadResponse>(lib, owner.token, HSBC, 'scan-b.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    uploadId = up.body.file.id;
    libraryId = await imported(HSBC, 'scan-c.pdf');
    await lib.runner!.idle();
  });

  it('the owner corrects broker, analysts, type and tags; the row marks them, the audit log has them', async () => {
    const r = await ownerEdit(
      {
        file_id: uploadId,
        issuer: '  Owner Research  ',
        authors: ['Ada Analyst', 'Bo Writer'],
        report_type: 'industry',
        tags: ['semiconductors', 'foundry'],
      },
      owner.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({
      issuer: 'Owner Research',
      authors: ['Ada Analyst', 'Bo Writer'],
      report_type: 'industry',
      tags: ['semiconductors', 'foundry'],
      corrected_fields: ['issuer', 'authors', 'report_type', 'tags'],
    });
    const audit = await auditOf(lib, uploadId);
    expect(audit.at(-1)).toMatchObject({
      action: 'file.edit',
      admin_id: owner.id,
      after: { issuer: 'Owner Research', authors: ['Ada Analyst', 'Bo Writer'], report_type: 'industry' },
    });
    expect(await searchIds('foundry', owner.token)).toContain(uploadId);
  });

  it('an administrator corrects title and type; the audit log has them', async () => {
    const before = await row(libraryId);
    const r = await adminEdit({ file_id: libraryId, title: 'Wafer capex memo', report_type: 'strategy' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toMatchObject({
      title: 'Wafer capex memo',
      report_type: 'strategy',
      corrected_fields: ['title', 'report_type'],
    });
    expect((await auditOf(lib, libraryId)).at(-1)).toMatchObject({
      action: 'file.edit',
      admin_id: admin.id,
      before: { title: before.title, report_type: before.report_type },
      after: { title: 'Wafer capex memo', report_type: 'strategy' },
    });
  });

  /** A company as a person corrects it; `as` the same company as the edit answers it. */
  const OWNER_COMPANIES = [
    {
      ticker: '2330.tw',
      company_name: 'TSMC',
      rating: 'Overweight',
      rating_normalised: 'outperform',
      rating_action: 'downgrade',
      previous_rating: 'Buy',
      target_price_value: 1210.5,
      currency: 'TWD',
      previous_target_price: 1300,
    },
    { ticker: '600519', company_name: '贵州茅台' },
  ];

  it('the owner corrects the note’s companies and sector; search by them sees it at once, the audit log has it', async () => {
    const before = await row(uploadId);
    const r = await ownerEdit(
      { file_id: uploadId, stock_information: OWNER_COMPANIES, sector: 'consumer_staples' },
      owner.token,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file.sector).toBe('consumer_staples');
    expect(r.body.file.corrected_fields).toEqual(expect.arrayContaining(['stock_information', 'sector']));
    // Stored as a reading stores companies: canonical tickers, the exchange, the printed target.
    expect(r.body.file.stock_information).toEqual([
      expect.objectContaining({
        ticker: '2330.TW',
        exchange: 'TW',
        company_name: 'TSMC',
        rating: 'Overweight',
        rating_normalised: 'outperform',
        rating_action: 'downgrade',
        previous_rating: 'Buy',
        target_price: 'TWD 1210.5',
        target_price_value: 1210.5,
        currency: 'TWD',
        previous_target_price: 1300,
      }),
      expect.objectContaining({
        ticker: '600519.SH',
        exchange: 'SH',
        printed_ticker: '600519.SH',
        company_name: '贵州茅台',
        rating: null,
        rating_normalised: null,
        target_price: null,
        currency: null,
      }),
    ]);
    const audit = (await auditOf(lib, uploadId)).at(-1)!;
    expect(audit).toMatchObject({
      action: 'file.edit',
      admin_id: owner.id,
      before: { stock_information: JSON.parse(before.stock_information), sector: before.sector },
      after: { stock_information: r.body.file.stock_information, sector: 'consumer_staples' },
    });

    // The search's research filters read the corrected values, not the ones read.
    expect(await filteredIds({ ticker: '600519.SH' }, owner.token)).toContain(uploadId);
    expect(await filteredIds({ ticker: '2330.TW' }, owner.token)).toContain(uploadId);
    expect(await filteredIds({ sector: ['consumer_staples'] }, owner.token)).toContain(uploadId);
    const readSector = before.sector;
    if (readSector && readSector !== 'consumer_staples')
      expect(await filteredIds({ sector: [readSector] }, owner.token)).not.toContain(uploadId);
    // Two companies: the note has no single rating of its own.
    expect(await filteredIds({ rating: ['outperform'] }, owner.token)).not.toContain(uploadId);

    // One company left: its rating is the note's; the same list again changes nothing.
    const one = await ownerEdit(
      { file_id: uploadId, stock_information: OWNER_COMPANIES.slice(0, 1) },
      owner.token,
    );
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(await filteredIds({ rating: ['outperform'] }, owner.token)).toContain(uploadId);
    expect(await filteredIds({ rating_action: ['downgrade'] }, owner.token)).toContain(uploadId);
    expect(await filteredIds({ ticker: '600519.SH' }, owner.token)).not.toContain(uploadId);
    const audits = (await auditOf(lib, uploadId)).length;
    const same = await ownerEdit(
      { file_id: uploadId, stock_information: OWNER_COMPANIES.slice(0, 1), sector: 'consumer_staples' },
      owner.token,
    );
    expect(same.status).toBe(200);
    expect(await auditOf(lib, uploadId)).toHaveLength(audits);
  });

  it('an administrator corrects the companies and clears the sector; the audit log has before and after', async () => {
    const before = await row(libraryId);
    const r = await adminEdit({
      file_id: libraryId,
      stock_information: [
        {
          ticker: '0700.HK',
          company_name: 'Tencent',
          rating: '买入',
          rating_normalised: 'buy',
          currency: 'HKD',
          target_price_value: 690,
        },
      ],
      sector: null,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file.stock_information).toEqual([
      expect.objectContaining({
        ticker: '0700.HK',
        exchange: 'HK',
        target_price: 'HKD 690',
        rating_normalised: 'buy',
      }),
    ]);
    expect(r.body.file.sector).toBeNull();
    expect(r.body.file.corrected_fields).toEqual(
      expect.arrayContaining(['title', 'report_type', 'stock_information']),
    );
    const audit = (await auditOf(lib, libraryId)).at(-1)!;
    expect(audit).toMatchObject({
      action: 'file.edit',
      admin_id: admin.id,
      before: { stock_information: JSON.parse(before.stock_information) },
      after: { stock_information: r.body.file.stock_information },
    });
    // The sector is in the audit only when it changed.
    if (before.sector !== null)
      expect(audit).toMatchObject({ before: { sector: before.sector }, after: { sector: null } });
    else expect(audit.after).not.toHaveProperty('sector');
    expect(await filteredIds({ ticker: '0700.HK' })).toEqual([libraryId]);
    expect(await filteredIds({ rating: ['buy'], ticker: '0700.HK' })).toEqual([libraryId]);
    expect(await filteredIds({ ticker: '2330.TW' })).not.toContain(libraryId);
  });

  const badCompanies: [string, Record<string, unknown>, string | undefined][] = [
    ['a ticker with a space', { stock_information: [{ ticker: '600519 SH' }] }, 'a ticker such as 600519.SH'],
    ['an empty ticker', { stock_information: [{ ticker: '' }] }, undefined],
    ['a currency in lower case', { stock_information: [{ ticker: 'AAPL.US', currency: 'usd' }] }, 'ISO 4217'],
    [
      'a rating step the catalogue does not know',
      { stock_information: [{ ticker: 'AAPL.US', rating_normalised: 'strong_buy' }] },
      undefined,
    ],
    [
      'an unknown rating action',
      { stock_information: [{ ticker: 'AAPL.US', rating_action: 'reiterate' }] },
      undefined,
    ],
    ['a negative target', { stock_information: [{ ticker: 'AAPL.US', target_price_value: -5 }] }, undefined],
    [
      '21 companies',
      {
        stock_information: Array.from({ length: 21 }, (_, i) => ({
          ticker: `60${String(i).padStart(4, '0')}.SH`,
        })),
      },
      'At most 20 companies',
    ],
    [
      'one company twice',
      { stock_information: [{ ticker: '600519' }, { ticker: '600519.SH' }] },
      'A company is listed twice (600519.SH)',
    ],
    ['a sector the catalogue does not know', { sector: 'crypto' }, undefined],
  ];
  it.each(badCompanies)(
    'answers the owner’s and the administrator’s %s with 400 in the catalogue’s shape, changing nothing',
    async (_, f, m) => {
      for (const [id, send] of [
        [uploadId, (b: Record<string, unknown>) => ownerEdit(b, owner.token)],
        [libraryId, adminEdit],
      ] as const) {
        const before = await row(id);
        const auditBefore = (await auditOf(lib, id)).length;
        const r = await send({ file_id: id, ...f });
        expect400(r);
        if (m) expect((r.body as unknown as { error_msg: string }).error_msg).toContain(m);
        expect(await row(id)).toEqual(before);
        expect(await auditOf(lib, id)).toHaveLength(auditBefore);
      }
    },
  );

  it('words a refusal of a company in the reader’s language', async () => {
    const r = await call(
      lib.app,
      '/api/file/myfiles/edit',
      { file_id: uploadId, stock_information: [{ ticker: 'AAPL.US', currency: 'dollars' }] },
      { token: owner.token, headers: { 'x-language': 'zh' } },
    );
    expect(r.status).toBe(400);
    expect((r.body as { error_msg: string }).error_msg).toContain('币种须为 ISO 4217 代码');
  });

  it('a re-ingestion re-reads every field nobody corrected and keeps the corrected ones', async () => {
    const upload0 = await row(uploadId);
    const library0 = await row(libraryId);
    await ageReadings();
    // What an older reading left: a wrong issuer (never corrected here) and other page text.
    await lib.db.updateTable('files').set({ issuer: 'Stale Broker' }).where('id', '=', libraryId).execute();
    await lib.db
      .updateTable('file_pages')
      .set({ text: 'an older reading of page one' })
      .where('file_seq', '=', library0.seq)
      .where('page_no', '=', 1)
      .execute();
    const summaries0 = {
      upload: await summariseJobs(upload0.seq),
      library: await summariseJobs(library0.seq),
    };

    expect((await health()).reingest).toMatchObject({ running: false, outdated: 3 });
    const started = await startReingest({});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.started).toBe(true);
    // Started again while it runs: the one walk goes on, none is added.
    const again = await startReingest({});
    expect(again.body).toMatchObject({ started: false, reingest: { running: true } });
    await lib.runner!.idle();

    const upload1 = await row(uploadId);
    expect(upload1).toMatchObject({
      reading_version: READING_VERSION,
      issuer: 'Owner Research',
      report_type: 'industry',
      title: upload0.title,
    });
    expect(JSON.parse(upload1.authors)).toEqual(['Ada Analyst', 'Bo Writer']);
    expect(JSON.parse(upload1.tags)).toEqual(['semiconductors', 'foundry']);
    // The companies and the sector as they were corrected, and the search's filters with them.
    expect(upload1.stock_information).toBe(upload0.stock_information);
    expect(upload1.sector).toBe('consumer_staples');
    expect(await filteredIds({ ticker: '2330.TW', rating: ['outperform'] }, owner.token)).toContain(uploadId);

    const library1 = await row(libraryId);
    expect(library1).toMatchObject({
      reading_version: READING_VERSION,
      title: 'Wafer capex memo',
      report_type: 'strategy',
      // Read again: the stale value an older reading left is gone.
      issuer: library0.issuer,
    });
    expect(library1.stock_information).toBe(library0.stock_information);
    expect(library1.sector).toBeNull();
    expect(await filteredIds({ ticker: '0700.HK' })).toEqual([libraryId]);
    expect(await pagesOf(library0.seq)).not.toContain('an older reading of page one');
    // The summary is owed again only where the text changed.
    expect(await summariseJobs(library0.seq)).toBe(summaries0.library + 1);
    expect(await summariseJobs(upload0.seq)).toBe(summaries0.upload);
    expect(await searchIds('Wafer')).toEqual([libraryId]);
    expect(await searchIds('foundry', owner.token)).toContain(uploadId);

    const progress = (await health()).reingest!;
    expect(progress).toMatchObject({ running: false, outdated: 0, reading_version: READING_VERSION });
    expect(progress.done).toBe(progress.total);
    const dash = await call<DashboardStatusResponse>(lib.app, '/api/manage/dashboard/status', undefined, {
      method: 'GET',
      token: admin.token,
    });
    expect(dash.status).toBe(200);
    expect(dash.body.reingest).toEqual(progress);
  });

  it('answers another user’s file with 404 and changes nothing', async () => {
    const before = await row(uploadId);
    const other = await trialUser(lib);
    const r = await ownerEdit({ file_id: uploadId, report_type: 'macro' }, other.token);
    expect(r).toMatchObject({ status: 404, body: FILE_NOT_FOUND });
    expect(await row(uploadId)).toEqual(before);
    // A file of the library is not the owner's either.
    expect(await ownerEdit({ file_id: libraryId, issuer: 'Mine' }, owner.token)).toMatchObject({
      status: 404,
      body: FILE_NOT_FOUND,
    });
  });

  const badOwner: [string, Record<string, unknown>, string | undefined][] = [
    ['a report type the catalogue does not know', { report_type: 'memo' }, undefined],
    ['an empty issuer', { issuer: '  ' }, 'Please enter an issuer'],
    ['an issuer of 201 characters', { issuer: 'x'.repeat(201) }, 'An issuer is at most 200 characters'],
    ['an empty analyst', { authors: ['Ada', ''] }, 'Please enter an analyst'],
    ['51 analysts', { authors: Array.from({ length: 51 }, (_, i) => `A${i}`) }, 'At most 50 analysts'],
    ['a tag with a control character', { tags: ['ok', 'bad\u0007tag'] }, 'control characters'],
    ['tags that are not a list', { tags: 'semis' }, undefined],
    [
      'nothing to correct',
      {},
      'Give a new title, issuer, publish date, analysts, report type, tags, companies or sector',
    ],
  ];
  it.each(badOwner)(
    'answers the owner’s %s with 400 in the catalogue’s shape, changing nothing',
    async (_, f, m) => {
      const before = await row(uploadId);
      const auditBefore = (await auditOf(lib, uploadId)).length;
      const r = await ownerEdit({ file_id: uploadId, ...f }, owner.token);
      expect400(r);
      if (m) expect((r.body as unknown as { error_msg: string }).error_msg).toContain(m);
      expect(await row(uploadId)).toEqual(before);
      expect(await auditOf(lib, uploadId)).toHaveLength(auditBefore);
    },
  );

  it('words a refusal in the reader’s language', async () => {
    const r = await call(
      lib.app,
      '/api/file/myfiles/edit',
      { file_id: uploadId, issuer: ' ' },
      {
        token: owner.token,
        headers: { 'x-language': 'zh' },
      },
    );
    expect(r.status).toBe(400);
    expect((r.body as { error_msg: string }).error_msg).toContain('请输入发布机构');
  });

  it('answers the administrator’s unknown report type with 400, changing nothing', async () => {
    const before = await row(libraryId);
    expect400(await adminEdit({ file_id: libraryId, report_type: 'memo' }));
    expect(await row(libraryId)).toEqual(before);
  });

  it('starts a re-ingestion only for an administrator, and refuses a malformed request', async () => {
    const jobs = () => lib.db.selectFrom('jobs').select('id').where('type', '=', 'reingest').execute();
    const before = await jobs();
    const none = await startReingest({}, '');
    expect(none.status).toBe(401);
    expect((await startReingest({}, owner.token)).status).toBe(401);
    expect400(await startReingest({ all: 'yes' }));
    expect(await jobs()).toEqual(before);
  });
});

describe('a re-ingestion resumes where it stopped', () => {
  const COUNT = 6;
  let extractor: PdfExtractor;
  beforeAll(() => {
    extractor = createPdfExtractor({ concurrency: 1, timeoutMs: 30_000, maxPages: INGEST_MAX_PAGES });
  });
  afterAll(() => extractor.close());

  /** A worker of its own (another process, or this one after a restart) reading 2 files per step. */
  const worker = () =>
    createJobRunner({
      repo: lib.repos.jobs,
      handlers: {
        ...createJobHandlers({
          repos: lib.repos,
          transaction: lib.transaction,
          writes: lib.ingestWrites,
          storage: lib.storage,
          extractor,
          clock: lib.clock,
          llm: null,
          glossary: builtinGlossarySource,
          digests: lib.digests,
        }),
        reingest: createReingestJob({
          files: lib.repos.files,
          reingest: lib.repos.reingest,
          writes: lib.ingestWrites,
          storage: lib.storage,
          extractor,
          clock: lib.clock,
          batchSize: 2,
        }),
      },
      clock: lib.clock,
      log: pino({ level: 'silent' }),
      concurrency: 1,
    });

  it('after a stop, another worker goes on from the last batch without reading it twice', async () => {
    // The shared runner stays out of it: the workers below hold the walk.
    await lib.runner!.stop();
    for (let i = 0; i < COUNT; i++) await fileWithBytes(lib, 900 + i, { title: `Walk ${i}` });
    await ageReadings();
    const ready = Number(
      (
        await lib.db
          .selectFrom('files')
          .where('status', '=', 'ready')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect((await startReingest({})).body).toMatchObject({
      started: true,
      reingest: { running: true, done: 0, total: ready, outdated: ready },
    });

    lib.clock.set('2026-11-21T11:00:00.000Z');
    const first = worker();
    first.start();
    // Stopped once a batch is written down: the step under way finishes and the job goes back.
    for (;;) {
      if ((await health()).reingest!.done >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await first.stop();
    const halfway = (await health()).reingest!;
    expect(halfway.running).toBe(true);
    expect(halfway.done).toBeGreaterThanOrEqual(2);
    expect(halfway.done).toBeLessThan(ready);
    const job = await lib.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', 'reingest')
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    expect(job.step).toMatch(/^after:\d+$/);
    expect(job.priority).toBeLessThan(0);
    const readFirst = await lib.db
      .selectFrom('files')
      .select(['seq', 'updated_time'])
      .where('reading_version', '=', READING_VERSION)
      .execute();
    expect(readFirst.length).toBe(halfway.done);
    expect(readFirst.every((f) => f.updated_time === '2026-11-21T11:00:00.000Z')).toBe(true);

    lib.clock.set('2026-11-21T12:00:00.000Z');
    const second = worker();
    second.start();
    await second.idle();
    await second.stop();
    const end = (await health()).reingest!;
    expect(end).toMatchObject({ running: false, outdated: 0, done: ready, total: ready });
    // What the first worker read was not read again.
    for (const f of readFirst) {
      const now = await lib.db
        .selectFrom('files')
        .select('updated_time')
        .where('seq', '=', f.seq)
        .executeTakeFirstOrThrow();
      expect(now.updated_time).toBe('2026-11-21T11:00:00.000Z');
    }
    const done = await lib.db.selectFrom('jobs').select('state').where('type', '=', 'reingest').execute();
    expect(done.every((j) => j.state === 'done')).toBe(true);
  }, 120_000);
});

describe('a re-ingestion starts by itself when the reading’s version changed', () => {
  let other: TestLibrary;
  beforeAll(async () => {
    other = await openTestLibrary({ PDF_TIMEOUT_MS: '30000' });
  });
  afterAll(() => other.close());

  const walks = () =>
    other.db.selectFrom('jobs').select(['state', 'priority']).where('type', '=', 'reingest').execute();

  it('is queued once, however many processes start together, and only when a file is behind', async () => {
    const now = '2026-11-21T10:00:00.000Z';
    await buildFile(other.db);
    const outdated = () => reingestIfOutdated({ repo: other.repos.reingest, jobs: other.repos.jobs }, now);
    expect(await outdated()).toBe(false);
    expect(await walks()).toEqual([]);

    await other.db
      .updateTable('files')
      .set({ reading_version: READING_VERSION - 1 })
      .execute();
    const started = await Promise.all([1, 2, 3].map(() => outdated()));
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await walks()).toEqual([{ state: 'queued', priority: -10 }]);
    // The administrator's start while it is queued adds none either.
    const console = createReingestService({
      repo: other.repos.reingest,
      jobs: other.repos.jobs,
      clock: other.clock,
      notifyJobs: () => undefined,
    });
    expect((await console.start(true)).started).toBe(false);
    expect(await walks()).toHaveLength(1);
  });
});
