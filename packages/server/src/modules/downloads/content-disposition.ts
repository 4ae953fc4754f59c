/** RFC 5987 value-chars: encodeURIComponent leaves ' ( ) * unescaped, which the RFC does not allow. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The name a downloaded PDF is saved under: the original name, ending in .pdf. */
export function downloadName(fileName: string): string {
  const name = fileName.replace(/\p{Cc}/gu, '').trim() || 'report';
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/**
 * `attachment` with an ASCII `filename` for old clients (other characters become `_`) and the
 * exact name in `filename*` (RFC 6266, RFC 5987), so Chinese names survive.
 */
export function attachmentHeader(fileName: string): string {
  const name = downloadName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(/\.pdf$/i, '')) ? ascii : 'report.pdf';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}
