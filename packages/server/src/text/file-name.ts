/**
 * The base name, without control characters, path parts or bidirectional controls (a U+202E makes
 * `invoice\u202Efdp.exe` read as `invoiceexe.pdf`), at most 200 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'report.pdf';
}
