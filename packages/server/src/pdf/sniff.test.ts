import { describe, expect, it } from 'vitest';
import { sniffPdf } from './sniff.js';
import { readCorpusFile } from '../../test/pdf/test-corpus.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffPdf', () => {
  it('rejects an empty file', () => {
    expect(sniffPdf(new Uint8Array())).toEqual({ ok: false, code: 'empty', reason: 'The file is empty' });
  });

  it('rejects junk, whatever the file is called', () => {
    expect(sniffPdf(bytes('oops\n'))).toEqual({
      ok: false,
      code: 'not_pdf',
      reason: 'The file is not a PDF',
    });
    expect(sniffPdf(new Uint8Array(2048).fill(0xff))).toMatchObject({ ok: false, code: 'not_pdf' });
    expect(sniffPdf(bytes('%PDFn\r\ntrailer'))).toMatchObject({ ok: false, code: 'not_pdf' });
  });

  it('accepts junk before the header within the first 1024 bytes, not beyond', () => {
    expect(sniffPdf(bytes('GPL Ghostscript 10.02.0 (2023-09-13)\nCopyright\n%PDF-1.7\n'))).toEqual({
      ok: true,
    });
    expect(sniffPdf(bytes(`${'x'.repeat(1019)}%PDF-1.4`))).toEqual({ ok: true });
    expect(sniffPdf(bytes(`${'x'.repeat(1020)}%PDF-1.4`))).toMatchObject({ ok: false, code: 'not_pdf' });
  });

  it('accepts real PDFs, including one with a Ghostscript banner before its header', () => {
    expect(sniffPdf(readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf'))).toEqual({
      ok: true,
    });
    expect(sniffPdf(readCorpusFile('malformed', 'plumb_issue-848_gs_banner_before_header.pdf'))).toEqual({
      ok: true,
    });
    expect(sniffPdf(readCorpusFile('malformed', 'qpdf_bad1.pdf'))).toMatchObject({
      ok: false,
      code: 'not_pdf',
    });
  });
});
