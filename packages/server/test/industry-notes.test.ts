import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyDetailResponse,
  FileDetailResponse,
  SearchResponse,
  StockInformation,
} from '@rl/contract';
import { buildFile } from './factories.js';
import { openTestLibrary, post, type TestLibrary } from './harness.js';
import { reportKeys } from '../src/modules/follows/match-report.js';

/*
 * An industry note's view on its sector is its own (never a company's rating), and the companies
 * it mentions are found by search but are not its subject: their company pages and follows do not
 * take the note for theirs.
 */

let lib: TestLibrary;
let industryId = '';

const company = (s: Partial<StockInformation> & { ticker: string }): StockInformation => ({
  company_name: null,
  rating: null,
  target_price: null,
  ...s,
});

const search = (keyword: string) =>
  post<SearchResponse>(lib.app, '/api/file/search', { keyword, page_id: 1 });
const titles = (r: { body: SearchResponse }) => r.body.file_list.map((f) => f.title);

beforeAll(async () => {
  lib = await openTestLibrary();
  await buildFile(lib.db, {
    title: 'Sungrow: buyback supports the shares',
    publishDate: '2024-07-01',
    sector: 'utilities',
    pages: ['Sungrow proposed a buyback.'],
    stockInformation: [
      company({
        ticker: '300274.SZ',
        company_name: 'Sungrow Power Supply',
        rating: 'Buy',
        rating_normalised: 'buy',
      }),
    ],
  });
  industryId = (
    await buildFile(lib.db, {
      title: 'China renewables: inverter exports stay strong',
      reportType: 'industry',
      publishDate: '2024-07-21',
      sector: 'utilities',
      pages: ['Inverter export value rose 34% in June.'],
      industryRating: { rating: '优于大势', step: 'outperform', action: 'maintain' },
      mentionedCompanies: [
        company({ ticker: '300274.SZ', company_name: 'Sungrow Power Supply', rating: 'Buy' }),
        company({ ticker: '605117.SH', company_name: 'Ningbo Deye Technology' }),
      ],
    })
  ).id;
});
afterAll(() => lib.close());

describe('an industry note', () => {
  it('gives its sector view and its mentioned companies apart from the companies it is about', async () => {
    const r = await post<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id: industryId });
    expect(r.status).toBe(200);
    const { meta } = r.body.file_info;
    expect(meta.industry_rating).toEqual({
      rating: '优于大势',
      rating_normalised: 'outperform',
      rating_action: 'maintain',
    });
    expect(meta.stock_information).toEqual([]);
    expect(meta.mentioned_companies?.map((c) => c.ticker)).toEqual(['300274.SZ', '605117.SH']);
  });

  it('is found by the names of the companies it mentions', async () => {
    expect(titles(await search('Deye'))).toEqual(['China renewables: inverter exports stay strong']);
    expect(titles(await search('Sungrow'))).toContain('China renewables: inverter exports stay strong');
  });

  it("is not on a mentioned company's page, nor among the notes its follows are matched with", async () => {
    const page = await post<CompanyDetailResponse>(lib.app, '/api/company/detail', { ticker: '300274.SZ' });
    expect(page.status).toBe(200);
    expect(page.body.company.report_count).toBe(1);
    expect(page.body.history.map((h) => h.title)).toEqual(['Sungrow: buyback supports the shares']);
    const row = await lib.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', industryId)
      .executeTakeFirstOrThrow();
    expect(reportKeys(row).company).toEqual([]);
    // Its own rating columns stay a company note's: none.
    expect(row).toMatchObject({
      rating: null,
      rating_action: null,
      industry_rating_normalised: 'outperform',
    });
  });

  it('has no industry rating nor mentioned companies where it prints none', async () => {
    const plain = await buildFile(lib.db, { title: 'Plain note', pages: ['Nothing.'] });
    const r = await post<FileDetailResponse>(lib.app, '/api/file/file_detail', { file_id: plain.id });
    expect(r.body.file_info.meta.industry_rating).toBeUndefined();
    expect(r.body.file_info.meta.mentioned_companies).toBeUndefined();
  });
});
