import { describe, expect, it } from 'vitest';
import { identifyDocument } from '../identify-document.js';
import { chineseCopyrightHolder, englishIssuer } from './report-issuer.js';

describe('the firm that wrote a report', () => {
  it('is the firm that "does and seeks to do business" with the companies it covers', () => {
    const pages = [
      'Zentra Holdings (4821 HK)\nMorgan Stanley & Co. International plc',
      'Disclosures\nMorgan Stanley does and seeks to do business with companies covered in Morgan Stanley Research.',
    ];
    expect(englishIssuer(pages, true)).toBe('Morgan Stanley');
  });

  it('is the research firm, never the company its note covers', () => {
    const pages = [
      'JPMorgan Chase & Co. (NYSE: JPM)\nAnalysis by Jane Whitfield, April 17, 2025\nJPMorgan Chase & Co. reported results; JPMorgan Chase guided higher.',
      '©2025 Argus Research Company. Argus Research Co. ratings. Argus Argus',
    ];
    const identity = identifyDocument(pages);
    expect(identity.kind).toBe('broker_note');
    expect(englishIssuer(pages, true)).toBe('Argus Research');
  });

  it('is spelled out where the notices abbreviate it', () => {
    const pages = [
      'CMB International Global Markets Limited ("CMBIGM") is a subsidiary.',
      'Investors should assume that CMBIGM does or seeks to have investment banking relationships.',
    ];
    expect(englishIssuer(pages, true)).toBe('CMB International Global Markets');
  });

  it('holds the copyright of a Chinese note', () => {
    expect(chineseCopyrightHolder(['本报告版权归西南证券股份有限公司所有，未经书面许可不得转载。'])).toBe(
      '西南证券',
    );
    expect(chineseCopyrightHolder(['本报告版权归本公司所有'])).toBeNull();
  });

  it('is the broker whose 研究院 every chart cites as its source', () => {
    const text = Array.from(
      { length: 6 },
      () => '资料来源：Wind，远景证券研究院\n本公司具备证券投资咨询业务资格',
    ).join('\n');
    expect(
      identifyDocument([`证券研究报告\n分析师：王明 执业证书编号：S0100521010001\n${text}`]).issuer,
    ).toBe('远景证券');
  });

  it('is the firm a Chinese disclaimer says made the note', () => {
    expect(chineseCopyrightHolder(['本报告由远景证券股份有限公司研究所制作，仅供其客户使用。'])).toBe(
      '远景证券',
    );
    expect(chineseCopyrightHolder(['本报告仅供参考。'])).toBeNull();
  });
});
