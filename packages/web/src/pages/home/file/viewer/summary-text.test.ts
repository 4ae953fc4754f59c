import { describe, expect, it } from 'vitest';
import { buildFileInfo } from '../../../../test/fixtures';
import { compactPoints, summaryFor, summaryParagraphs, summaryPoints } from './summary-text';

describe('summary text', () => {
  it('prefers the Chinese summary when Chinese is wanted, falling back to the report summary', () => {
    const info = buildFileInfo({ multi_language_summary: { 'zh-hans': '利率预计下降。' } });
    expect(summaryFor(info, true)).toBe('利率预计下降。');
    expect(summaryFor(info, false)).toBe(info.meta.summary);
    expect(summaryFor(buildFileInfo(), true)).toBe(buildFileInfo().meta.summary);
  });

  it('splits paragraphs and sentences, in English and Chinese', () => {
    expect(summaryParagraphs('One.\n\nTwo\nlines.')).toEqual(['One.', 'Two lines.']);
    expect(summaryPoints('Rates fall. Inflation cools! Curve steepens? Yes.', 3)).toEqual([
      'Rates fall.',
      'Inflation cools!',
      'Curve steepens?',
    ]);
    expect(summaryPoints('利率下降。通胀放缓！曲线变陡。')).toEqual([
      '利率下降。',
      '通胀放缓！',
      '曲线变陡。',
    ]);
  });

  it('keeps decimals, abbreviations and amounts inside one point', () => {
    expect(
      summaryPoints(
        'Net sales rose 10.1% to $1.2 billion. EPS was $0.29 under U.S. GAAP. 利润增长；现金流改善。',
      ),
    ).toEqual([
      'Net sales rose 10.1% to $1.2 billion.',
      'EPS was $0.29 under U.S. GAAP.',
      '利润增长；',
      '现金流改善。',
    ]);
  });

  it('shows the compact summary the server wrote, in the language it was written in', () => {
    const info = buildFileInfo({ multi_language_summary: { 'zh-hans': '利率预计下降。通胀放缓。' } });
    info.meta.summary_compact = 'Rates fall. Curve steepens.';
    expect(compactPoints(info, summaryFor(info, false))).toEqual(['Rates fall.', 'Curve steepens.']);
    expect(compactPoints(info, summaryFor(info, true))).toEqual(['利率预计下降。', '通胀放缓。']);
    info.meta.summary_compact = '';
    expect(compactPoints(info, summaryFor(info, false))).toEqual(summaryPoints(info.meta.summary));
  });
});
