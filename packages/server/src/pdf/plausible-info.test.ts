import { describe, expect, it } from 'vitest';
import { tidyCompanyName } from './company-name.js';
import { plausibleAuthors, plausibleIssuer, plausibleKeywords, plausibleTitle } from './plausible-info.js';

describe('plausibleTitle', () => {
  const info = { creator: 'Chromium', producer: 'Skia/PDF m96' };

  it('keeps real titles and cleans file-name debris off them', () => {
    expect(plausibleTitle('Global Financial Stability Report, October 2025', info)).toBe(
      'Global Financial Stability Report, October 2025',
    );
    expect(plausibleTitle('Microsoft Word - Outlook for copper.docx', info)).toBe('Outlook for copper');
    expect(plausibleTitle('德邦证券-高测股份(688556)扩产4000万公里金刚线-220719.pdf', info)).toBe(
      '德邦证券-高测股份(688556)扩产4000万公里金刚线',
    );
  });

  it('drops what software wrote', () => {
    for (const title of [
      'Microsoft Word - doc1.docx',
      'report_final.pdf',
      '0000320193-23-000077',
      'Q1 23_EarningsRelease',
      'CORP Q1 2023-2023-05-03-15-38',
      'PowerPoint 演示文稿',
      '股份有限公司',
      'Untitled',
      'Chromium',
      'Q3',
    ]) {
      expect(plausibleTitle(title, info), title).toBeNull();
    }
  });
});

describe('plausibleAuthors', () => {
  it('keeps lists of people', () => {
    expect(plausibleAuthors('Jane Doe, John Roe')).toEqual(['Jane Doe', 'John Roe']);
    expect(plausibleAuthors('张三、李四')).toEqual(['张三', '李四']);
  });

  it('drops logins, vendors, programs and organisations', () => {
    for (const author of [
      'Administrator',
      'EDGAR Online, a division of Donnelley Financial Solutions',
      'Kaleidoscope - kscope.io',
      'International Monetary Fund',
      'Microsoft Office User',
      'jsmith',
    ]) {
      expect(plausibleAuthors(author), author).toBeNull();
    }
  });
});

describe('plausibleIssuer', () => {
  it('takes a publisher named as Creator, not a program', () => {
    expect(plausibleIssuer('Huatai Vista Securities', 'Research Library demo generator')).toBe(
      'Huatai Vista Securities',
    );
    expect(plausibleIssuer('华泰远景证券', undefined)).toBe('华泰远景证券');
    expect(plausibleIssuer('Microsoft® Word 2016', 'Microsoft® Word 2016')).toBeNull();
    expect(plausibleIssuer('EDGAR Filing HTML Converter', 'EDGRpdf Service w/ EO.Pdf 22.0.40.0')).toBeNull();
    expect(plausibleIssuer('Adobe InDesign 19.5 (Macintosh)', 'Adobe PDF Library 17.0')).toBeNull();
  });
});

describe('plausibleKeywords', () => {
  it('splits lists and drops accession numbers and form names', () => {
    expect(plausibleKeywords('financial stability; banks; NBFI')).toEqual([
      'financial stability',
      'banks',
      'NBFI',
    ]);
    expect(plausibleKeywords('0000004962-23-000006; ; 10-K')).toEqual([]);
    expect(plausibleKeywords('Pepsico INC 8-K')).toEqual([]);
    expect(plausibleKeywords('铜, 电网投资, Office REITs')).toEqual(['铜', '电网投资', 'Office REITs']);
  });
});

describe('tidyCompanyName', () => {
  it('recases names printed in capitals and keeps mixed-case names', () => {
    expect(tidyCompanyName('THE BOEING COMPANY')).toBe('The Boeing Company');
    expect(tidyCompanyName('ADVANCED MICRO DEVICES, INC.')).toBe('Advanced Micro Devices, Inc.');
    expect(tidyCompanyName('AMCOR PLC')).toBe('Amcor PLC');
    expect(tidyCompanyName('3M COMPANY')).toBe('3M Company');
    expect(tidyCompanyName('BANK OF AMERICA CORPORATION')).toBe('Bank of America Corporation');
    expect(tidyCompanyName(' JPMorgan Chase & Co. ')).toBe('JPMorgan Chase & Co.');
  });
});
