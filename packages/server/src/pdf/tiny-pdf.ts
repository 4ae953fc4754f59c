import { deflateSync } from 'node:zlib';

/*
 * Small PDFs built in code: for tests, and for the warm-up of the child that reads PDFs (which
 * must see pdf.js decode streams on both of its paths before taking real work).
 */

export interface PdfStream {
  /** Extra dictionary entries, e.g. `/Filter /FlateDecode`. */
  dict: string;
  data: Uint8Array;
}

/** How the pages of pdfOfStreams are set up besides their contents. */
export interface PageSetup {
  /** Width and height of every page, in points (default US Letter, 612 × 792). */
  size?: [number, number];
  /** Streams (indexes into `streams`, made with formXObject) every page may draw as /X0, /X1, … */
  forms?: number[];
}

/**
 * A PDF of `pages.length` pages with Helvetica as /F1; page i's content is the streams listed in
 * `pages[i]` (indexes into `streams`; one stream may serve many pages, and pdf.js decodes it
 * again for each).
 */
export function pdfOfStreams(streams: PdfStream[], pages: number[][], setup: PageSetup = {}): Uint8Array {
  const parts: Buffer[] = [];
  let length = 0;
  const add = (chunk: Uint8Array | string) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    parts.push(b);
    length += b.length;
  };
  // Objects: 1 catalog, 2 page tree, 3 font, then the streams, then the pages.
  const streamRef = (i: number) => `${4 + i} 0 R`;
  const pageNum = (i: number) => 4 + streams.length + i;
  const [width, height] = setup.size ?? [612, 792];
  const forms = setup.forms ?? [];
  const xobjects = forms.length
    ? ` /XObject << ${forms.map((stream, i) => `/X${i} ${streamRef(stream)}`).join(' ')} >>`
    : '';
  const bodies: (string | Uint8Array)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    [
      `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageNum(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    ...streams.map((s) => [`<< /Length ${s.data.length} ${s.dict} >>\nstream\n`, s.data, '\nendstream']),
    ...pages.map((contents) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] ` +
        `/Resources << /Font << /F1 3 0 R >>${xobjects} >> /Contents [${contents.map(streamRef).join(' ')}] >>`,
    ]),
  ];
  add('%PDF-1.7\n');
  const offsets = bodies.map((body, i) => {
    const at = length;
    add(`${i + 1} 0 obj\n`);
    for (const piece of body) add(piece);
    add('\nendobj\n');
    return at;
  });
  const xref = length;
  add(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`);
  add(offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join(''));
  add(`trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts, length));
}

/** A content stream of `content`: as is, Flate-compressed, or Flate behind a TIFF predictor. */
export function contentStream(
  content: string,
  encoding: 'none' | 'flate' | 'flate-predictor' = 'none',
): PdfStream {
  const raw = Buffer.from(content, 'latin1');
  if (encoding === 'none') return { dict: '', data: raw };
  const dict =
    encoding === 'flate'
      ? '/Filter /FlateDecode'
      : '/Filter /FlateDecode /DecodeParms << /Predictor 2 /Columns 64 >>';
  return { dict, data: deflateSync(raw) };
}

/**
 * A Form XObject of `content` (as is), drawing with Helvetica as /F1: a page of pdfOfStreams
 * lists it in `setup.forms` and draws it with `/X0 Do`, as often as it likes.
 */
export function formXObject(content: string, bbox: [number, number] = [612, 792]): PdfStream {
  return {
    dict: `/Type /XObject /Subtype /Form /BBox [0 0 ${bbox[0]} ${bbox[1]}] /Resources << /Font << /F1 3 0 R >> >>`,
    data: Buffer.from(content, 'latin1'),
  };
}

/** A one-page PDF whose content stream is `content`. */
export function onePagePdf(content: string, opts: { deflate?: boolean } = {}): Uint8Array {
  return pdfOfStreams([contentStream(content, opts.deflate ? 'flate' : 'none')], [[0]]);
}
