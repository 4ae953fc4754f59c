import { describe, expect, it } from 'vitest';
import { buildFileInfo } from '../../../../test/fixtures';
import { summaryFor, summaryParagraphs, summaryPoints } from './summary-text';

describe('summary text', () => {
  it('prefers the Chinese summary in Chinese, falling back to the report summary', () => {
    const info = buildFileInfo({ multi_language_summary: { 'zh-hans': '利率预计下降。' } });
    expect(summaryFor(info, 'zh-CN')).toBe('利率预计下降。');
    expect(summaryFor(info, 'en-US')).toBe(info.meta.summary);
    expect(summaryFor(buildFileInfo(), 'zh-CN')).toBe(buildFileInfo().meta.summary);
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
});
