import { afterEach, describe, expect, it } from 'vitest';
import { MAX_DECODED_DOCUMENT_BYTES, MAX_DECODED_STREAM_BYTES } from './decode-budget.js';
import { createPdfExtractor, PdfRejectedError, type PdfExtractor } from './extract.js';
import { readCorpusFile } from '../../test/pdf/test-corpus.js';
import {
  childPidsRunning,
  flateBombPdf,
  manyStreamsBombPdf,
  predictorBombPdf,
} from '../../test/pdf/test-bombs.js';
import { onePagePdf } from '../../test/pdf/test-pdf.js';

/**
 * The decode bounds, in the child processes that read PDFs: streams that inflate past them are
 * stopped while inflating, on both of pdf.js's decoding paths, and the document is refused with
 * its reason; the child that read it is replaced and the next document reads normally.
 */

const MiB = 1024 * 1024;
const opened: PdfExtractor[] = [];

function extractor(): PdfExtractor {
  const e = createPdfExtractor({ concurrency: 1, timeoutMs: 60_000, maxPages: 2000 });
  opened.push(e);
  return e;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((e) => e.close()));
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PdfRejectedError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const streamRefusal = {
  code: 'too_large',
  message: `A compressed stream in the PDF expands to more than ${MAX_DECODED_STREAM_BYTES / MiB} MB (the limit)`,
};
const hello = () => onePagePdf('BT /F1 12 Tf 72 720 Td (Hello, world) Tj ET', { deflate: true });

describe('decode bounds', () => {
  it('refuses a stream that inflates past the per-stream bound (zlib path), then reads on in a new child', async () => {
    const e = extractor();
    const bomb = await flateBombPdf(2 * MAX_DECODED_STREAM_BYTES);
    expect(bomb.length).toBeLessThan(MAX_DECODED_STREAM_BYTES / 500);
    const first = e.extract(bomb);
    // Looked at while the bomb is being read: the child that reads it.
    let reader: number[] = [];
    while (reader.length === 0) {
      reader = childPidsRunning('extract-child');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await refusal(first)).toEqual(streamRefusal);
    expect((await e.extract(hello())).pages).toEqual(['Hello, world']);
    expect(childPidsRunning('extract-child')).not.toContain(reader[0]);
  }, 120_000);

  it('refuses a stream that inflates past the per-stream bound in the inflater of pdf.js (predictor path)', async () => {
    const e = extractor();
    expect(await refusal(e.extract(await predictorBombPdf(2 * MAX_DECODED_STREAM_BYTES)))).toEqual(
      streamRefusal,
    );
    expect((await e.extract(hello())).pages).toEqual(['Hello, world']);
  }, 120_000);

  it('refuses a document whose streams, each under the stream bound, pass the document bound together', async () => {
    const e = extractor();
    const each = Math.floor(MAX_DECODED_STREAM_BYTES * 0.75);
    const pages = Math.ceil(MAX_DECODED_DOCUMENT_BYTES / each) + 1;
    expect(await refusal(e.extract(await manyStreamsBombPdf(each, pages)))).toEqual({
      code: 'too_large',
      message: `The compressed streams of the PDF expand to more than ${MAX_DECODED_DOCUMENT_BYTES / MiB} MB in all (the limit)`,
    });
    expect((await e.extract(hello())).pages).toEqual(['Hello, world']);
  }, 120_000);

  it('lets the largest real reports through', async () => {
    const e = extractor();
    for (const name of [
      'fb_3M_2018_10K.pdf',
      'imf_gfsr_oct2025_ch1.pdf',
      'cn_annual_report_2020_600201_jinyu_bio.pdf',
    ]) {
      const pdf = await e.extract(readCorpusFile('reports', name));
      expect(pdf.numPages, name).toBeGreaterThan(10);
    }
  }, 120_000);
});
