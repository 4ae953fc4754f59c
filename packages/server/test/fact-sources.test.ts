import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFileResponse, FileDetailResponse, StockInformation } from '@rl/contract';
import { createFilesRepo } from '../src/modules/files/repo.js';
import { readCorpusFile } from './pdf/test-corpus.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { adminSession, manageCall, type TestAdmin } from './admin-helpers.js';
import { paidUser, type TestUser } from './library-helpers.js';

/**
 * Where each fact was printed, over HTTP: a real broker note (广发证券 on 广联达, research/ of the
 * shared corpus) ingested as the import does, its detail answering each fact with the page and
 * line it came from; a correction takes the corrected fact's source away and keeps the others.
 */
const GLODON = readCorpusFile('research', 'cn_gfzq_glodon_company.pdf');

let lib: TestLibrary;
let user: TestUser;
let admin: TestAdmin;
let fileId: string;
let pages: string[];

beforeAll(async () => {
  lib = await openTestLibrary({}, { jobs: true, llm: null });
  const outcome = await lib.ingestor.ingest({ bytes: GLODON, fileName: 'glodon.pdf', source: 'import' });
  if (outcome.kind !== 'queued') throw new Error(`not queued: ${outcome.kind}`);
  await lib.runner?.idle();
  const files = createFilesRepo(lib.db);
  const row = await files.byId(outcome.fileId);
  expect(row?.status).toBe('ready');
  fileId = outcome.fileId;
  pages = await files.pages(row!.seq);
  user = await paidUser(lib);
  admin = await adminSession(lib);
}, 180_000);
afterAll(() => lib.close());

const detail = async () => {
  const res = await call<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id: fileId }, user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.file_info.meta;
};

describe('the detail answers each fact with where it was printed', () => {
  it("gives the rating, the target and the note's own facts their page and line", async () => {
    const meta = await detail();
    const stock = meta.stock_information[0]!;
    expect(stock.rating).toBe('买入');
    expect(stock.sources?.rating).toMatchObject({ page: 1 });
    expect(stock.sources?.rating?.text).toContain('买入');
    expect(stock.sources?.target_price?.text).toContain('47.91');
    for (const source of [stock.sources?.rating, stock.sources?.target_price, meta.sources?.publish_date]) {
      expect(pages[source!.page - 1]!.replace(/\s+/g, '')).toContain(source!.text.replace(/\s+/g, ''));
    }
    expect(meta.sources?.document_title?.page).toBe(1);
  });

  it('a corrected fact loses its source; facts left as read keep theirs, no longer unsure', async () => {
    const before = (await detail()).stock_information[0]!;
    const corrected: Partial<StockInformation> = {
      ticker: before.ticker,
      company_name: before.company_name,
      rating: '增持',
      rating_normalised: 'outperform',
      rating_action: before.rating_action,
      previous_rating: before.previous_rating,
      target_price_value: before.target_price_value,
      currency: before.currency,
      previous_target_price: before.previous_target_price,
    };
    const res = await manageCall<AdminFileResponse>(
      lib,
      'file/edit',
      { file_id: fileId, stock_information: [corrected], publish_date: '2026-01-02' },
      admin.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const meta = await detail();
    const after = meta.stock_information[0]!;
    expect(after.rating).toBe('增持');
    expect(after.sources?.rating).toBeUndefined();
    expect(after.sources?.rating_normalised).toBeUndefined();
    expect(after.sources?.target_price).toEqual({
      page: before.sources!.target_price!.page,
      text: before.sources!.target_price!.text,
    });
    expect(meta.sources?.publish_date).toBeUndefined();
    expect(meta.sources?.document_title).toBeDefined();
  });

  it('a file read before sources were kept answers without them', async () => {
    const files = createFilesRepo(lib.db);
    const row = (await files.byId(fileId))!;
    const stocks = (JSON.parse(row.stock_information) as StockInformation[]).map(
      ({ sources: _sources, ...s }) => s,
    );
    await lib.db
      .updateTable('files')
      .set({ fact_sources: '{}', stock_information: JSON.stringify(stocks) })
      .where('seq', '=', row.seq)
      .execute();
    const meta = await detail();
    expect(meta.sources).toBeUndefined();
    expect(meta.stock_information[0]?.sources).toBeUndefined();
  });
});
