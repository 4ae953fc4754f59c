import { readdirSync, readFileSync } from 'node:fs';
import { createDeflate } from 'node:zlib';
import { contentStream, formXObject, pdfOfStreams } from '../../src/pdf/tiny-pdf.js';

/*
 * Decompression and text bombs for tests, built on the fly (no fixture files): small PDFs whose
 * streams inflate to far more than they weigh or whose pages yield far more text than a page can
 * show, and a look at the child processes that read them.
 */

const MiB = 1024 * 1024;

/** `bytes` zeros deflated at level 9 (zlib format, as /FlateDecode wants), built a MiB at a time. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(MiB);
  for (let left = bytes; left > 0; left -= MiB) {
    const chunk = left >= MiB ? zeros : zeros.subarray(0, left);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(out);
}

/** One page whose content stream inflates to `bytes` zeros (read through zlib by pdf.js). */
export async function flateBombPdf(bytes: number): Promise<Uint8Array> {
  return pdfOfStreams([{ dict: '/Filter /FlateDecode', data: await deflatedZeros(bytes) }], [[0]]);
}

/**
 * One page whose content stream inflates to `bytes` zeros behind a TIFF predictor: pdf.js then
 * inflates it in JavaScript, a row at a time (its synchronous decoders).
 */
export async function predictorBombPdf(bytes: number): Promise<Uint8Array> {
  const dict = '/Filter /FlateDecode /DecodeParms << /Predictor 2 /Columns 65536 >>';
  return pdfOfStreams([{ dict, data: await deflatedZeros(bytes) }], [[0]]);
}

/** `pages` pages sharing one content stream that inflates to `bytes` zeros. */
export async function manyStreamsBombPdf(bytes: number, pages: number): Promise<Uint8Array> {
  const stream = { dict: '/Filter /FlateDecode', data: await deflatedZeros(bytes) };
  return pdfOfStreams(
    [stream],
    Array.from({ length: pages }, () => [0]),
  );
}

/**
 * A text bomb that passes every decode bound: one uncompressed Form XObject holding `formBytes`
 * of text (lines of 100 characters, 10-point type), drawn `grid` × `grid` times with 1-point shifts
 * on one page `side` points square. pdf.js yields the form's text once per drawing.
 */
export function textBombPdf({ formBytes = 100 * 1024, grid = 10, side = 200_000 } = {}): Uint8Array {
  const line = 'The quick brown fox jumps over the lazy dog while the text layer keeps on growing; '
    .repeat(2)
    .slice(0, 100);
  const lines = Math.ceil(formBytes / line.length);
  const top = Math.min(side - 20, lines * 12 + 20);
  const text = `BT /F1 10 Tf 12 ${top} Td ${`(${line}) Tj 0 -12 Td `.repeat(lines)}ET`;
  const draws: string[] = [];
  for (let i = 0; i < grid; i++) {
    for (let j = 0; j < grid; j++) draws.push(`q 1 0 0 1 ${i} ${j} cm /X0 Do Q`);
  }
  const streams = [
    formXObject(text, [side, side]),
    { dict: '', data: Buffer.from(draws.join('\n'), 'latin1') },
  ];
  return pdfOfStreams(streams, [[1]], { size: [side, side], forms: [0] });
}

/**
 * A heap bomb that yields no text: one TJ whose operand array holds `numbers` fractional numbers
 * (each a heap object to pdf.js's parser, which builds the whole array before TJ runs).
 */
export function operandBombPdf(numbers: number): Uint8Array {
  return pdfOfStreams(
    [contentStream(`BT /F1 10 Tf 72 720 Td [${'0.5 '.repeat(numbers)}] TJ ET`, 'flate')],
    [[0]],
  );
}

/** Pids of this process's living children that run `entry` (a module name), from Linux's /proc. */
export function childPidsRunning(entry: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid || state === 'Z') continue;
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(entry)) pids.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}
