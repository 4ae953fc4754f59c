import { readdirSync, readFileSync } from 'node:fs';
import { createDeflate } from 'node:zlib';
import { pdfOfStreams } from './tiny-pdf.js';

/*
 * Decompression bombs for tests, built on the fly (no fixture files): small PDFs whose streams
 * inflate to far more than they weigh, and a look at the child processes that read them.
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
