import type { Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';

/** URLs stay the same within a window so the browser's cache can serve a re-opened report. */
const WINDOW_S = 600;

/**
 * Who a link was issued for: anyone (a public file) or the owner alone (a private upload). A link
 * issued while a file was public stops working when it becomes private again.
 */
export type LinkScope = 'public' | 'owner';

/** Signed, expiring URLs of a file's PDF (the spec's `encrypted_file_url`). */
export function createFileUrls(opts: {
  signer: UrlSigner;
  clock: Clock;
  ttlS: number;
  publicUrl: string | null;
}) {
  const subject = (fileId: string, variant: string, scope: LinkScope) =>
    scope === 'public' ? `file:${fileId}:${variant}` : `file:${fileId}:${variant}:owner`;
  const nowS = () => Math.floor(opts.clock.now().getTime() / 1000);
  return {
    url(fileId: string, scope: LinkScope, variant = 'original'): string {
      const exp = Math.ceil((nowS() + opts.ttlS) / WINDOW_S) * WINDOW_S;
      const sig = opts.signer.sign(subject(fileId, variant, scope), exp);
      const q = new URLSearchParams({ v: variant, exp: String(exp), sig });
      return `${opts.publicUrl ?? ''}/api/file/stream/${encodeURIComponent(fileId)}?${q}`;
    },
    /** Verifies a link against the scopes that may read the file now. */
    check(
      fileId: string,
      q: { v: string; exp: number; sig: string },
      scopes: readonly LinkScope[],
    ): 'ok' | 'expired' | 'invalid' {
      const verdicts = scopes.map((s) => opts.signer.verify(subject(fileId, q.v, s), q.exp, q.sig, nowS()));
      if (verdicts.includes('ok')) return 'ok';
      return verdicts.includes('expired') ? 'expired' : 'invalid';
    },
  };
}
export type FileUrls = ReturnType<typeof createFileUrls>;
