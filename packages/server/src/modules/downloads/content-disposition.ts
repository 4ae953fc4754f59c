/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * unescaped, which the RFC does not allow. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A download's name is cut to this many UTF-8 bytes before `.pdf`: file systems allow 255. */
export const DOWNLOAD_NAME_MAX_BYTES = 180;

/** Characters no file name may hold on Windows, macOS or Linux, and control characters. */
const UNSAFE = /[\p{Cc}\\/:*?"<>|]+/gu;

function cutToBytes(text: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

/**
 * The name a downloaded PDF is saved under: its title (the original file name while it has none)
 * in any script, with the characters file systems refuse replaced, spaces collapsed, bounded in
 * length and ending in .pdf; "report.pdf" when nothing is left.
 */
export function downloadName(file: { title: string | null; file_name: string }): string {
  const source = file.title?.trim() ? file.title : file.file_name;
  const clean = source.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  const stem = clean.replace(/\.pdf$/i, '');
  // Windows drops trailing dots and spaces, and a leading dot hides the file elsewhere.
  const bounded = cutToBytes(stem, DOWNLOAD_NAME_MAX_BYTES).replace(/^[.\s]+|[.\s]+$/g, '');
  return `${bounded || 'report'}.pdf`;
}

/**
 * `attachment` with an ASCII `filename` for old clients (other characters become `_`) and the
 * exact name in `filename*` (RFC 6266, RFC 5987), so Chinese names survive.
 */
export function attachmentHeader(file: { title: string | null; file_name: string }): string {
  const name = downloadName(file);
  const ascii = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(/\.pdf$/i, '')) ? ascii : 'report.pdf';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
