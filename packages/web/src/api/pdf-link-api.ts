import { requestHeaders } from './http-client';

/**
 * A report's preview link as the viewer holds it. The server binds the link to this session (or
 * this visitor's device and address) and lets it live only minutes, so every read carries the
 * same bearer token and X-Fingerprint as the API calls, uses the newest link the page has, and
 * asks for a fresh one (`renew`) when the server says the link has ended.
 */
export interface PdfLink {
  /** The newest link (the page renews it while the report is open). */
  current(): string;
  /** Asks the server for a fresh link; null when none can be had. */
  renew?(): Promise<string | null>;
}

/** Reads that failed this many times in a row (renewing between them) are given up. */
const ATTEMPTS = 3;

/**
 * The same report whatever its link's expiry and signature: renewing the link must not reopen
 * the document (and lose the reader's place).
 */
export function pdfDocumentKey(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.delete('exp');
  params.delete('sig');
  return `${path}?${params.toString()}`;
}

/** What one read answered. */
export interface RangeAnswer {
  bytes: Uint8Array;
  /** The whole file's size (from Content-Range; the body's length when the server sent it whole). */
  total: number;
  whole: boolean;
}

class LinkEnded extends Error {}

async function fetchRange(url: string, begin: number, end: number | null, signal?: AbortSignal) {
  const headers = requestHeaders();
  headers.set('Accept', 'application/pdf');
  headers.set('Range', `bytes=${begin}-${end === null ? '' : end - 1}`);
  const res = await fetch(url, { headers, signal, credentials: 'same-origin' });
  if (res.status === 401 || res.status === 403) throw new LinkEnded(`preview link refused: ${res.status}`);
  if (res.status !== 200 && res.status !== 206) throw new Error(`preview read failed: ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status === 200) return { bytes, total: bytes.byteLength, whole: true } satisfies RangeAnswer;
  const total = Number(/\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '')?.[1]);
  if (!Number.isFinite(total)) throw new Error('preview read without a Content-Range');
  return { bytes, total, whole: false } satisfies RangeAnswer;
}

/**
 * Bytes `begin` (inclusive) to `end` (exclusive; null: to the end) of the link's PDF, renewing the
 * link and trying again when it has ended (or the network failed).
 */
export async function readRange(
  link: PdfLink,
  begin: number,
  end: number | null,
  signal?: AbortSignal,
): Promise<RangeAnswer> {
  let url = link.current();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchRange(url, begin, end, signal);
    } catch (error) {
      if (signal?.aborted || attempt >= ATTEMPTS) throw error;
      const renewed = error instanceof LinkEnded && link.renew ? await link.renew() : null;
      url = renewed ?? link.current();
    }
  }
}
