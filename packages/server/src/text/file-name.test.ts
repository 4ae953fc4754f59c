import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';

describe('cleanFileName', () => {
  it('drops path parts, control and bidirectional characters', () => {
    expect(cleanFileName('C:\\docs\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/notes.pdf')).toBe('notes.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u2066b\u2069\u200f.pdf')).toBe('ab.pdf');
    expect(cleanFileName('bell\u0007.pdf')).toBe('bell.pdf');
  });

  it('keeps Chinese names and gives a name to an empty one', () => {
    expect(cleanFileName('宏观报告 2026.pdf')).toBe('宏观报告 2026.pdf');
    expect(cleanFileName('\u202E')).toBe('report.pdf');
    expect(cleanFileName('x'.repeat(300))).toHaveLength(200);
  });
});
