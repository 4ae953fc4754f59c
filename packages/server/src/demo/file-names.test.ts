import { describe, expect, it } from 'vitest';
import { reportFileName, uniqueFileName } from './file-names.js';

describe('file names', () => {
  const issuer = { id: 'northbridge-securities', name: 'Northbridge Securities' };

  it('joins date, issuer and an ASCII title slug', () => {
    expect(reportFileName('2024-03-12', issuer, 'Japan autos outlook', 7, 'en')).toBe(
      '2024-03-12_Northbridge-Securities_Japan-autos-outlook.pdf',
    );
    expect(reportFileName('2024-03-12', issuer, 'Copper: a deficit (at last)!', 7, 'en')).toBe(
      '2024-03-12_Northbridge-Securities_Copper-a-deficit-at-last.pdf',
    );
  });

  it('cuts long titles at a word boundary', () => {
    const name = reportFileName('2024-03-12', issuer, 'word '.repeat(30), 1, 'en');
    expect(name).toMatch(/_(word-)*word\.pdf$/);
    expect(name.length).toBeLessThanOrEqual('2024-03-12_Northbridge-Securities_.pdf'.length + 60);
  });

  it('names Chinese reports by issuer id and index', () => {
    expect(
      reportFileName('2024-03-12', { id: 'hy-securities', name: '瀚远证券' }, '铜：结构性短缺', 42, 'zh'),
    ).toBe('2024-03-12_hy-securities_report-00042.pdf');
  });

  it('numbers a name that is already taken', () => {
    expect(uniqueFileName('a.pdf', new Set())).toBe('a.pdf');
    expect(uniqueFileName('a.pdf', new Set(['a.pdf', 'a-2.pdf']))).toBe('a-3.pdf');
  });
});
