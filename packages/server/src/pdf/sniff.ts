export type SniffResult = { ok: true } | { ok: false; code: 'empty' | 'not_pdf'; reason: string };

/** Real files carry junk before the header (a Ghostscript banner, a stray byte); readers accept 1 KiB. */
const HEADER_WINDOW = 1024;
const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Judges by content, not by name, whether bytes can be a PDF. */
export function sniffPdf(bytes: Uint8Array): SniffResult {
  if (bytes.length === 0) return { ok: false, code: 'empty', reason: 'The file is empty' };
  const end = Math.min(bytes.length, HEADER_WINDOW) - HEADER.length;
  for (let i = 0; i <= end; i++) {
    if (HEADER.every((b, k) => bytes[i + k] === b)) return { ok: true };
  }
  return { ok: false, code: 'not_pdf', reason: 'The file is not a PDF' };
}
