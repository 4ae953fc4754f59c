import { describe, expect, it } from 'vitest';
import { attachmentHeader, downloadName } from './content-disposition.js';

const starName = (h: string) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(h)?.[1] ?? '');

describe('attachmentHeader', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentHeader('q3-outlook.pdf')).toBe(
      `attachment; filename="q3-outlook.pdf"; filename*=UTF-8''q3-outlook.pdf`,
    );
  });

  it('percent-encodes a Chinese name and gives an ASCII fallback', () => {
    const h = attachmentHeader('研究报告 2026.pdf');
    expect(h).toContain('filename="_ 2026.pdf"');
    expect(h).toContain(`filename*=UTF-8''%E7%A0%94%E7%A9%B6%E6%8A%A5%E5%91%8A%202026.pdf`);
    expect(starName(h)).toBe('研究报告 2026.pdf');
  });

  it('escapes quotes, backslashes, the characters RFC 5987 forbids and control characters', () => {
    const h = attachmentHeader(`a"b\\c (d)*'e\r\nf.pdf`);
    expect(h).not.toMatch(/[\r\n]/);
    expect(h).toContain('filename="a_b_c (d)*\'ef.pdf"');
    expect(h).toMatch(/filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(starName(h)).toBe(`a"b\\c (d)*'ef.pdf`);
  });

  it('falls back to report.pdf when nothing ASCII is left, and adds .pdf', () => {
    expect(attachmentHeader('年报.pdf')).toContain('filename="report.pdf"');
    expect(downloadName('notes')).toBe('notes.pdf');
    expect(downloadName('  ')).toBe('report.pdf');
  });
});
