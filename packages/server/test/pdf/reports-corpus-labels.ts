import type { ReportType } from '@rl/contract';

/**
 * Hand-checked labels of the filings and publications of the shared corpus's reports/ set, read
 * from each PDF's text (pdftotext): what a careful reader would catalogue. '' (or []) where the
 * document prints no such thing; then any value read counts against precision.
 *
 * - title: as printed. For SEC filings, the registrant, the form and the period its cover states
 *   ("Apple Inc. Form 10-Q, quarterly period ended July 1, 2023"); for listed Chinese companies,
 *   company + year + report name as on the cover.
 * - issuer: who published it. For filings and earnings releases, the registrant (the company
 *   itself); for a broker note, the broker; for government documents, the agency.
 * - date: the day it was published. For SEC filings, the day it was signed ("has duly caused this
 *   report to be signed … Date:"), or the filing day where the file states it; for Chinese
 *   reports, 董事会批准报送日期. YYYY-MM where only a month is printed ("July 2024").
 * - authors: persons named as authors; filings and releases name none.
 * - type: filing for filings and companies' own releases; otherwise by subject.
 */
export interface ReportLabel {
  file: string;
  title: string;
  issuer: string;
  date: string;
  authors: string[];
  type: ReportType;
}

const filing = (file: string, title: string, issuer: string, date: string): ReportLabel => ({
  file,
  title,
  issuer,
  date,
  authors: [],
  type: 'filing',
});

export const REPORT_LABELS: readonly ReportLabel[] = [
  {
    file: 'ca_edd_warn_report_2015-2016.pdf',
    title: 'WARN Report',
    issuer: '',
    date: '',
    authors: [],
    type: 'other',
  },
  filing(
    'cn_annual_report_2019_603339_sifang_tech.pdf',
    '四方科技集团股份有限公司2019年年度报告',
    '四方科技集团股份有限公司',
    '2020-04-14',
  ),
  filing(
    'cn_annual_report_2020_600201_jinyu_bio.pdf',
    '金宇生物技术股份有限公司2020年年度报告',
    '金宇生物技术股份有限公司',
    '2021-04-21',
  ),
  {
    file: 'cn_broker_note_tebon_688556_2022-07-19.pdf',
    title: '高测股份（688556.SH）：扩产4000万公里金刚线，强化光伏硅片切割三元布局',
    issuer: '德邦证券',
    date: '2022-07-19',
    authors: ['倪正洋'],
    type: 'company',
  },
  filing(
    'cn_quarterly_report_2018Q1_000585_ne_electric.pdf',
    '东北电气发展股份有限公司2018年第一季度报告',
    '东北电气发展股份有限公司',
    '',
  ),
  filing(
    'fb_3M_2018_10K.pdf',
    '3M Company Form 10-K, fiscal year ended December 31, 2018',
    '3M Company',
    '2019-02-07',
  ),
  filing(
    'fb_ADOBE_2016_10K.pdf',
    'Adobe Systems Incorporated Form 10-K, fiscal year ended December 2, 2016',
    'Adobe Systems Incorporated',
    '2017-01-20',
  ),
  filing('fb_AMCOR_2022_8K_dated-2022-04-26.pdf', 'Amcor plc Form 8-K', 'Amcor plc', '2022-04-28'),
  filing(
    'fb_AMCOR_2023Q2_10Q.pdf',
    'Amcor plc Form 10-Q, quarterly period ended December 31, 2022',
    'Amcor plc',
    '2023-02-08',
  ),
  filing(
    'fb_AMD_2022_annualreport.pdf',
    'Advanced Micro Devices, Inc. Form 10-K, fiscal year ended December 31, 2022',
    'Advanced Micro Devices, Inc.',
    '2023-02-27',
  ),
  filing(
    'fb_AMERICANEXPRESS_2022_10K.pdf',
    'American Express Company Form 10-K, fiscal year ended December 31, 2022',
    'American Express Company',
    '2023-02-10',
  ),
  filing(
    'fb_APPLE_2023Q3_10Q.pdf',
    'Apple Inc. Form 10-Q, quarterly period ended July 1, 2023',
    'Apple Inc.',
    '2023-08-04',
  ),
  filing(
    'fb_BOEING_2022_10K.pdf',
    'The Boeing Company Form 10-K, fiscal year ended December 31, 2022',
    'The Boeing Company',
    '2023-01-27',
  ),
  filing(
    'fb_COSTCO_2023Q3_EARNINGS.pdf',
    'Costco Wholesale Corporation Reports Third Quarter and Year-to-Date Operating Results for Fiscal 2023',
    'Costco Wholesale Corporation',
    '2023-05-25',
  ),
  filing(
    'fb_FEDEX_2023_annualreport.pdf',
    'FedEx Corporation Form 10-K, fiscal year ended May 31, 2023',
    'FedEx Corporation',
    '2023-07-17',
  ),
  filing(
    'fb_INTEL_2023Q1_EARNINGS.pdf',
    'Intel Reports First-Quarter 2023 Financial Results',
    'Intel Corporation',
    '2023-04-27',
  ),
  // The headline is an image: no title is printed in the text.
  filing('fb_JOHNSON_JOHNSON_2023Q1_EARNINGS.pdf', '', 'Johnson & Johnson', '2023-04-18'),
  filing(
    'fb_JPMORGAN_2023Q1_10Q.pdf',
    'JPMorgan Chase & Co. Form 10-Q, quarterly period ended March 31, 2023',
    'JPMorgan Chase & Co.',
    '2023-05-03',
  ),
  filing(
    'fb_LOCKHEEDMARTIN_2023_8K_dated-2023-05-25.pdf',
    'Lockheed Martin Corporation Form 8-K',
    'Lockheed Martin Corporation',
    '2023-05-25',
  ),
  filing(
    'fb_MICROSOFT_2023_10K.pdf',
    'Microsoft Corporation Form 10-K, fiscal year ended June 30, 2023',
    'Microsoft Corporation',
    '2023-07-27',
  ),
  filing(
    'fb_NETFLIX_2015_10K.pdf',
    'Netflix, Inc. Form 10-K, fiscal year ended December 31, 2015',
    'Netflix, Inc.',
    '2016-01-28',
  ),
  filing('fb_PEPSICO_2023_8K_dated-2023-05-05.pdf', 'PepsiCo, Inc. Form 8-K', 'PepsiCo, Inc.', '2023-05-05'),
  filing(
    'fb_PFIZER_2023Q2_EARNINGS.pdf',
    'Pfizer Reports Second-Quarter 2023 Results',
    'Pfizer Inc.',
    '2023-08-01',
  ),
  filing(
    'fb_PG_E_2023_EARNINGS_dated-2023-05-04.pdf',
    'PG&E Corporation Reports First-Quarter Results; On Track to Deliver Solid 2023',
    'PG&E Corporation',
    '2023-05-04',
  ),
  filing(
    'fb_WALMART_2023_annualreport.pdf',
    'Walmart Inc. Form 10-K, fiscal year ended January 31, 2023',
    'Walmart Inc.',
    '2023-03-17',
  ),
  {
    file: 'fed_monetary_policy_report_excerpt.pdf',
    title: 'Monetary Policy Report: July 2024',
    issuer: 'Federal Reserve',
    date: '2024-07',
    authors: [],
    type: 'macro',
  },
  {
    file: 'imf_gfsr_oct2025_ch1.pdf',
    title:
      'Global Financial Stability Report, October 2025, Chapter 1, "Shifting Ground beneath the Calm: Stability Challenges amid Changes in Financial Markets"',
    issuer: 'International Monetary Fund',
    date: '2025-10',
    authors: [],
    type: 'macro',
  },
  {
    file: 'jal_intl_traffic_data_fy2015.pdf',
    title: 'JAL Group International Passenger Traffic Data',
    issuer: '',
    date: '',
    authors: [],
    type: 'other',
  },
  {
    file: 'us_federal_register_2020-17221.pdf',
    title: 'Airworthiness Directives; The Boeing Company Airplanes',
    issuer: 'Federal Aviation Administration',
    date: '2020-08-06',
    authors: [],
    type: 'other',
  },
  // A table of payments: no title, author or date of its own on its pages.
  { file: 'us_senate_expenditures.pdf', title: '', issuer: '', date: '', authors: [], type: 'other' },
  {
    file: 'usda_ag_energy_roundup_2017-02-24.pdf',
    title: 'National Weekly Ag Energy Round-Up',
    issuer: 'USDA',
    date: '2017-02-24',
    authors: [],
    type: 'other',
  },
];
