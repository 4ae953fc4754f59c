import { afterEach, describe, expect, it } from 'vitest';
import { createPdfExtractor, PdfRejectedError, type PdfExtractor, type PdfRejectionCode } from './extract.js';
import { operandBombPdf } from '../../test/pdf/test-bombs.js';
import { readCorpusFile } from '../../test/pdf/test-corpus.js';
import { onePagePdf } from '../../test/pdf/test-pdf.js';

const opened: PdfExtractor[] = [];

function extractor(opts: Partial<Parameters<typeof createPdfExtractor>[0]> = {}): PdfExtractor {
  const e = createPdfExtractor({ concurrency: 1, timeoutMs: 30_000, maxPages: 2000, ...opts });
  opened.push(e);
  return e;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

async function rejection(promise: Promise<unknown>): Promise<{ code: PdfRejectionCode; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PdfRejectedError))
    throw new Error(`expected a PdfRejectedError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const hello = () => onePagePdf('BT /F1 12 Tf 72 720 Td (Hello, world) Tj ET');

describe('createPdfExtractor', () => {
  it('extracts text, page count and info', async () => {
    const pdf = await extractor().extract(
      readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf'),
    );
    expect(pdf.numPages).toBe(5);
    expect(pdf.pages[0]).toContain(
      'Date of Report (Date of earliest event reported): May 3, 2023\nPepsiCo, Inc.',
    );
    expect(pdf.info).toMatchObject({
      title: 'Form 8-K for Pepsico INC filed 05/05/2023',
      creator: 'Chromium',
      creationDate: '2023-05-05T20:24:35+00:00',
    });
    expect(pdf.encrypted).toBe(false);
  });

  it('rejects empty and non-PDF bytes before using a worker', async () => {
    const e = extractor();
    expect(await rejection(e.extract(new Uint8Array()))).toEqual({
      code: 'empty',
      message: 'The file is empty',
    });
    expect(await rejection(e.extract(new TextEncoder().encode('<html>not a pdf</html>')))).toEqual({
      code: 'not_pdf',
      message: 'The file is not a PDF',
    });
  });

  it('rejects a document over the page limit without reading it', async () => {
    const bytes = readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf');
    expect(await rejection(extractor({ maxPages: 3 }).extract(bytes))).toEqual({
      code: 'too_many_pages',
      message: 'The PDF has 5 pages; the limit is 3',
    });
  });

  it('kills a document that runs over time and carries on with a fresh worker', async () => {
    const e = extractor({ timeoutMs: 1500 });
    // 260 pages take several seconds; a cold one-page file takes well under one.
    const slow = e.extract(readCorpusFile('reports', 'fb_AMERICANEXPRESS_2022_10K.pdf'));
    const next = e.extract(readCorpusFile('reports', 'usda_ag_energy_roundup_2017-02-24.pdf'));
    expect(await rejection(slow)).toEqual({
      code: 'timeout',
      message: 'Reading the PDF took longer than 1.5 s',
    });
    expect((await next).pages[0]).toContain('National Weekly Ag Energy Round-Up');
  }, 60_000);

  it('stops a document that exhausts the child heap, and only that one', async () => {
    const e = extractor({ memoryMb: 48 });
    // Text items no longer can (a page's text is bounded first: text-budget.ts); a huge operand can.
    const bomb = e.extract(operandBombPdf(3_000_000));
    const next = e.extract(hello());
    expect(await rejection(bomb)).toEqual({
      code: 'too_large',
      message: 'The PDF needs too much memory to read',
    });
    expect((await next).pages).toEqual(['Hello, world']);
  }, 60_000);

  it('kills a child whose resident memory passes the limit, whatever holds it', async () => {
    // A heap big enough that V8 never stops it: only the resident-memory watch can. Its operands
    // yield no text, so the text budget (text-budget.ts) cannot stop it first.
    const e = extractor({ memoryMb: 4096, rssLimitMb: 200 });
    const bomb = e.extract(operandBombPdf(5_000_000));
    const next = e.extract(hello());
    expect(await rejection(bomb)).toEqual({
      code: 'too_large',
      message: 'The PDF needs too much memory to read',
    });
    expect((await next).pages).toEqual(['Hello, world']);
  }, 120_000);

  it('queues beyond its concurrency and answers every caller', async () => {
    const e = extractor({ concurrency: 2 });
    const texts = await Promise.all(
      ['One', 'Two', 'Three', 'Four', 'Five'].map(async (word) => {
        const pdf = await e.extract(onePagePdf(`BT /F1 12 Tf 72 720 Td (${word}) Tj ET`));
        return pdf.pages[0];
      }),
    );
    expect(texts).toEqual(['One', 'Two', 'Three', 'Four', 'Five']);
  });

  it('copies the bytes to the child: the array and the buffer behind a view are left as they were', async () => {
    const e = extractor();
    const whole = hello();
    expect((await e.extract(whole)).pages).toEqual(['Hello, world']);
    expect(whole.byteLength).toBe(hello().byteLength);
    // What the file store hands over: a Node Buffer (pdf.js refuses those) in a larger pool.
    expect((await e.extract(Buffer.from(hello()))).pages).toEqual(['Hello, world']);

    const pdf = hello();
    const backing = new Uint8Array(pdf.length + 10);
    backing.set(pdf, 10);
    const view = backing.subarray(10);
    expect((await e.extract(view)).pages).toEqual(['Hello, world']);
    expect(backing.byteLength).toBe(pdf.length + 10);
  });

  it('fails queued and later work once closed', async () => {
    const e = extractor();
    const outcomes = Promise.allSettled([
      e.extract(readCorpusFile('reports', 'fb_PEPSICO_2023_8K_dated-2023-05-05.pdf')),
      e.extract(hello()),
    ]);
    await e.close();
    const reasons = (await outcomes).map((o) => (o.status === 'rejected' ? String(o.reason) : 'resolved'));
    expect(reasons).toEqual(['Error: The PDF extractor is closed', 'Error: The PDF extractor is closed']);
    await expect(e.extract(hello())).rejects.toThrow('The PDF extractor is closed');
  });
});
