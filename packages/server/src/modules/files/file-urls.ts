import type { Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';

/** URLs stay the same within a window so the browser's cache can serve a re-opened report. */
const WINDOW_S = 600;

/** Signed, expiring URLs of a file's PDF (the spec's `encrypted_file_url`). */
export function createFileUrls(opts: {
  signer: UrlSigner;
  clock: Clock;
  ttlS: number;
  publicUrl: string | null;
}) {
  const subject = (fileId: string, variant: string) => `file:${fileId}:${variant}`;
  const nowS = () => Math.floor(opts.clock.now().getTime() / 1000);
  return {
    url(fileId: string, variant = 'original'): string {
      const exp = Math.ceil((nowS() + opts.ttlS) / WINDOW_S) * WINDOW_S;
      const sig = opts.signer.sign(subject(fileId, variant), exp);
      const q = new URLSearchParams({ v: variant, exp: String(exp), sig });
      return `${opts.publicUrl ?? ''}/api/file/stream/${encodeURIComponent(fileId)}?${q}`;
    },
    check(fileId: string, variant: string, exp: number, sig: string): 'ok' | 'expired' | 'invalid' {
      return opts.signer.verify(subject(fileId, variant), exp, sig, nowS());
    },
  };
}
export type FileUrls = ReturnType<typeof createFileUrls>;
