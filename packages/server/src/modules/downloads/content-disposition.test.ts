import { describe, expect, it } from 'vitest';
import { attachmentHeader, DOWNLOAD_NAME_MAX_BYTES, downloadName } from './content-disposition.js';

const starName = (h: string) => decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(h)?.[1] ?? '');
const titled = (title: string | null, file_name = '2026-12-02_by-capital_report-00112.pdf') => ({
  title,
  file_name,
});

describe('attachmentHeader', () => {
  it('names an English report by its title', () => {
    expect(attachmentHeader(titled('Q3 outlook'))).toBe(
      `attachment; filename="Q3 outlook.pdf"; filename*=UTF-8''Q3%20outlook.pdf`,
    );
  });

  it('names a Chinese report by its title, percent-encoded, with an ASCII fallback', () => {
    const h = attachmentHeader(titled('腾讯控股 2026年三季度业绩点评'));
    expect(h).toContain('filename="_ 2026_.pdf"');
    expect(h).toContain(`filename*=UTF-8''${encodeURIComponent('腾讯控股 2026年三季度业绩点评')}.pdf`);
    expect(starName(h)).toBe('腾讯控股 2026年三季度业绩点评.pdf');
  });

  it('replaces characters unsafe in file names and escapes what RFC 5987 forbids', () => {
    const h = attachmentHeader(titled(`a"b\\c/d: (e)*'f?\r\ng<h>|`));
    expect(h).not.toMatch(/[\r\n]/);
    expect(h).toContain(`filename="a_b_c_d_ (e)_'f_g_h_.pdf"`);
    expect(h).toMatch(/filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(starName(h)).toBe(`a_b_c_d_ (e)_'f_g_h_.pdf`);
  });

  it('falls back to report.pdf when nothing ASCII is left', () => {
    expect(attachmentHeader(titled('年报'))).toContain('filename="report.pdf"');
  });
});

describe('downloadName', () => {
  it('uses the original file name while the title is empty, and keeps one .pdf', () => {
    expect(downloadName(titled('', '研究报告 2026.pdf'))).toBe('研究报告 2026.pdf');
    expect(downloadName(titled(null, 'notes'))).toBe('notes.pdf');
    expect(downloadName(titled('Annual report.PDF'))).toBe('Annual report.pdf');
    expect(downloadName(titled('  ', '  '))).toBe('report.pdf');
    expect(downloadName(titled('...'))).toBe('report.pdf');
  });

  it('bounds a long title in UTF-8 bytes without cutting a character', () => {
    const name = downloadName(titled('长'.repeat(200)));
    expect(name).toBe(`${'长'.repeat(DOWNLOAD_NAME_MAX_BYTES / 3)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    const emoji = downloadName(titled('😀'.repeat(100)));
    expect(emoji).toBe(`${'😀'.repeat(DOWNLOAD_NAME_MAX_BYTES / 4)}.pdf`);
  });
});
