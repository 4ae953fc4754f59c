import { PDFDataRangeTransport } from 'pdfjs-dist';
import { readRange, type PdfLink } from '../../api/pdf-link-api';

/**
 * Feeds pdf.js the ranges it asks for, each read through `readRange` with the newest link. A read
 * given up leaves its pages unrendered (pdf.js has no way to be told), and says why in the console.
 */
export class LinkRangeTransport extends PDFDataRangeTransport {
  readonly #aborter = new AbortController();
  readonly #link: PdfLink;

  constructor(link: PdfLink, length: number, initialData: Uint8Array) {
    super(length, initialData);
    this.#link = link;
  }

  override requestDataRange(begin: number, end: number): void {
    readRange(this.#link, begin, end, this.#aborter.signal)
      .then((answer) =>
        this.onDataRange(begin, answer.whole ? answer.bytes.subarray(begin, end) : answer.bytes),
      )
      .catch((error: unknown) => {
        if (!this.#aborter.signal.aborted) console.error('A part of the PDF could not be read', error);
      });
  }

  override abort(): void {
    this.#aborter.abort();
  }
}
