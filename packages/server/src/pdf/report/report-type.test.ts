import { describe, expect, it } from 'vitest';
import { classifyReportType, type TypeEvidence } from './report-type.js';

const note = (over: Partial<TypeEvidence>): TypeEvidence => ({
  filing: false,
  research: true,
  title: '',
  departments: '',
  cover: '',
  ...over,
});

describe('classifyReportType', () => {
  it('reads the desk or series a cover names', () => {
    expect(classifyReportType(note({ departments: '证券研究报告•宏观报告' }))).toBe('macro');
    expect(classifyReportType(note({ departments: '固定收益研究/点评报告' }))).toBe('fixed_income');
    expect(classifyReportType(note({ departments: '金工研究/深度研究' }))).toBe('quantitative');
    expect(classifyReportType(note({ departments: 'Portfolio Strategy Research' }))).toBe('strategy');
    expect(classifyReportType(note({ departments: 'North America Credit Research' }))).toBe('fixed_income');
    expect(classifyReportType(note({ departments: '证券研究报告 | 公司点评' }))).toBe('company');
    expect(classifyReportType(note({ departments: '行业研究/行业点评' }))).toBe('industry');
  });

  it('tells one stock’s verdict from a sector’s', () => {
    expect(
      classifyReportType(note({ cover: 'Overweight\n0700.HK, 700 HK\nPrice Target (Dec-26): HK$690.00' })),
    ).toBe('company');
    expect(classifyReportType(note({ cover: 'Buy\nTarget price\n600406 CH\n002270 CH' }))).toBe('industry');
  });

  it('files filings as filings, and reads no verdict into a table of a publication', () => {
    expect(classifyReportType(note({ filing: true, title: 'Credit agreement' }))).toBe('filing');
    expect(classifyReportType(note({ research: false, cover: 'Buy 600406 CH 002270 CH Target price' }))).toBe(
      'other',
    );
    expect(classifyReportType(note({ research: false, title: 'Monetary Policy Report: July 2024' }))).toBe(
      'macro',
    );
  });

  it('reads the Chinese company-note series a cover names', () => {
    for (const departments of [
      '年报点评|计算机应用',
      '公司研究/深度报告',
      '首次覆盖',
      '食品饮料/深度跟踪',
      '业绩点评',
    ])
      expect(classifyReportType(note({ departments })), departments).toBe('company');
    expect(classifyReportType(note({ departments: '行业研究/深度报告' }))).toBe('industry');
  });
});
