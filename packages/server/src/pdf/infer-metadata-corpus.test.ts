import { beforeAll, describe, expect, it } from 'vitest';
import { openCorpusReadings } from '../../test/pdf/corpus-readings.js';
import { inferMetadata, type InferredMeta } from './infer-metadata.js';

/*
 * Metadata of real documents, checked against what their text says (read by hand): SEC filings,
 * earnings releases, IMF, Fed and USDA publications, Chinese listed-company reports and a broker note.
 */

const FILES = [
  'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf',
  'fb_APPLE_2023Q3_10Q.pdf',
  'fb_3M_2018_10K.pdf',
  'fb_JPMORGAN_2023Q1_10Q.pdf',
  'fb_COSTCO_2023Q3_EARNINGS.pdf',
  'fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf',
  'imf_gfsr_oct2025_ch1.pdf',
  'fed_monetary_policy_report_excerpt.pdf',
  'usda_ag_energy_roundup_2017-02-24.pdf',
  'cn_annual_report_2019_603339_sifang_tech.pdf',
  'cn_quarterly_report_2018Q1_000585_ne_electric.pdf',
  'cn_broker_note_tebon_688556_2022-07-19.pdf',
] as const;

const meta = new Map<string, InferredMeta>();

beforeAll(async () => {
  const corpus = openCorpusReadings();
  try {
    await Promise.all(
      FILES.map(async (file) => {
        const pdf = await corpus.read('reports', file);
        meta.set(file, inferMetadata(pdf, file, { today: '2026-01-01' }));
      }),
    );
  } finally {
    await corpus.close();
  }
}, 120_000);

const of = (file: (typeof FILES)[number]): InferredMeta => {
  const m = meta.get(file);
  if (!m) throw new Error(`${file} was not read`);
  return m;
};

const noStock = { rating: null, target_price: null };

describe('inferMetadata on real US documents', () => {
  it('names the registrant of an 8-K and dates it by its filing', () => {
    expect(of('fb_PEPSICO_2023_8K_dated-2023-05-05.pdf')).toMatchObject({
      title: 'PepsiCo, Inc. Form 8-K',
      issuer: 'PepsiCo, Inc.',
      authors: [],
      publishDate: '2023-05-05',
      language: 'en',
      assetClass: 'Equities',
      country: 'U.S.',
      stockInformation: [{ ticker: 'PEP', company_name: 'PepsiCo, Inc.', ...noStock }],
      pageCount: 5,
    });
    expect(of('fb_PEPSICO_2023_8K_dated-2023-05-05.pdf').tags[0]).toBe('Current report');
  });

  it('reads 10-Q and 10-K covers, recasing names printed in capitals', () => {
    expect(of('fb_APPLE_2023Q3_10Q.pdf')).toMatchObject({
      title: 'Apple Inc. Form 10-Q, quarterly period ended July 1, 2023',
      issuer: 'Apple Inc.',
      publishDate: '2023-08-04', // "Form 10-Q filed on 2023-08-04" in the info Subject
      stockInformation: [{ ticker: 'AAPL', company_name: 'Apple Inc.', ...noStock }],
    });
    expect(of('fb_3M_2018_10K.pdf')).toMatchObject({
      title: '3M Company Form 10-K, fiscal year ended December 31, 2018',
      issuer: '3M Company',
      publishDate: '2019-02-07', // signed "February 7, 2019"; the file was re-rendered in 2023
      assetClass: 'Equities',
      country: 'U.S.',
    });
    expect(of('fb_JPMORGAN_2023Q1_10Q.pdf')).toMatchObject({
      issuer: 'JPMorgan Chase & Co.',
      publishDate: '2023-05-03', // the day it was signed, not the end of the quarter
      assetClass: 'Equities',
      stockInformation: [{ ticker: 'JPM', company_name: 'JPMorgan Chase & Co.', ...noStock }],
    });
    expect(of('fb_APPLE_2023Q3_10Q.pdf').tags[0]).toBe('Quarterly report');
    expect(of('fb_3M_2018_10K.pdf').tags[0]).toBe('Annual report');
  });

  it('reads earnings releases: company, headline, dateline and listing', () => {
    expect(of('fb_COSTCO_2023Q3_EARNINGS.pdf')).toMatchObject({
      title:
        'Costco Wholesale Corporation Reports Third Quarter and Year-to-Date Operating Results for Fiscal 2023',
      issuer: 'Costco Wholesale Corporation',
      publishDate: '2023-05-25',
      assetClass: 'Equities',
      country: 'U.S.',
      stockInformation: [{ ticker: 'COST', company_name: 'Costco Wholesale Corporation', ...noStock }],
    });
    // Its headline is an image; "for the fiscal year ended January 1, 2023" in the body is not its date.
    expect(of('fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf')).toMatchObject({
      title: 'Johnson & Johnson earnings release',
      issuer: 'Johnson & Johnson',
      publishDate: '2023-04-18',
      stockInformation: [{ ticker: 'JNJ', company_name: 'Johnson & Johnson', ...noStock }],
    });
  });

  it('reads institutional research: the IMF, the Fed, the USDA', () => {
    expect(of('imf_gfsr_oct2025_ch1.pdf')).toMatchObject({
      title:
        'Global Financial Stability Report, October 2025, Chapter 1, "Shifting Ground beneath the Calm: Stability Challenges amid Changes in Financial Markets"',
      issuer: 'International Monetary Fund',
      authors: [], // Author holds the organisation, not people
      publishDate: '2025-10-11', // D:20251011045348+08'00', not the UTC day before
      language: 'en',
      // A financial-stability report discusses every market and the economy alike: Economics.
      assetClass: 'Economics',
      country: 'Global',
      stockInformation: [],
    });
    expect(of('imf_gfsr_oct2025_ch1.pdf').keywords.slice(0, 3)).toEqual([
      'financial stability',
      'banks',
      'sovereign bonds',
    ]);
    expect(of('imf_gfsr_oct2025_ch1.pdf').tags).toContain('Financial stability');
    expect(of('fed_monetary_policy_report_excerpt.pdf')).toMatchObject({
      issuer: 'Federal Reserve',
      // An excerpt without an info dictionary: its running header names the issue, "July 2024".
      title: 'Monetary Policy Report: July 2024',
      publishDate: '2024-07-01',
      assetClass: 'Economics',
      country: 'U.S.',
    });
    expect(of('fed_monetary_policy_report_excerpt.pdf').tags).toEqual(
      expect.arrayContaining(['Inflation', 'Monetary policy']),
    );
    expect(of('usda_ag_energy_roundup_2017-02-24.pdf')).toMatchObject({
      publishDate: '2017-02-24',
      assetClass: 'Commodities',
      country: 'U.S.',
    });
  });
});

describe('inferMetadata on real Chinese documents', () => {
  it('reads an A-share annual report', () => {
    expect(of('cn_annual_report_2019_603339_sifang_tech.pdf')).toMatchObject({
      title: '四方科技集团股份有限公司2019年年度报告',
      issuer: '四方科技集团股份有限公司',
      authors: [],
      publishDate: '2020-04-14', // 董事会批准报送日期：2020 年 4 月 14 日
      language: 'zh',
      assetClass: 'Equities',
      country: 'China',
      stockInformation: [{ ticker: '603339.SH', company_name: '四方科技', ...noStock }],
      pageCount: 156,
    });
    expect(of('cn_annual_report_2019_603339_sifang_tech.pdf').tags[0]).toBe('年度报告');
  });

  it('reads an A-share quarterly report', () => {
    expect(of('cn_quarterly_report_2018Q1_000585_ne_electric.pdf')).toMatchObject({
      title: '东北电气发展股份有限公司2018年第一季度报告',
      issuer: '东北电气发展股份有限公司',
      publishDate: '2018-04-27',
      language: 'zh',
      assetClass: 'Equities',
      country: 'China',
    });
  });

  it('reads a broker note: broker, analyst, company, rating', () => {
    const note = of('cn_broker_note_tebon_688556_2022-07-19.pdf');
    expect(note).toMatchObject({
      // As printed on the cover, not the Title entry (the file's name).
      title: '高测股份（688556.SH）：扩产4000万公里金刚线，强化光伏硅片切割三元布局',
      authorRegistrations: { 倪正洋: 'S0120521020003' },
      reportType: 'company',
      issuer: '德邦证券',
      authors: ['倪正洋'],
      publishDate: '2022-07-19',
      language: 'zh',
      assetClass: 'Equities',
      country: 'China',
      stockInformation: [
        { ticker: '688556.SH', company_name: '高测股份', rating: '增持', target_price: null },
      ],
      pageCount: 4,
    });
    expect(note.tags.slice(0, 2)).toEqual(['研究报告', '光伏']);
    expect(note.tags.length).toBeGreaterThanOrEqual(3);
    expect(note.tags.length).toBeLessThanOrEqual(8);
  });
});
