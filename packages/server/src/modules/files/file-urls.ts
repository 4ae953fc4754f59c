import { createHash } from 'node:crypto';
import type { Viewer } from '../access/viewer.js';
import type { Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';

/**
 * The longest a preview link lives: long enough for the viewer to renew it (the web asks for the
 * detail again well before), short enough that a copied link is soon worthless.
 */
export const PREVIEW_LINK_MAX_TTL_S = 600;
/** Links issued within one window share their expiry, so repeated details answer the same URL. */
const WINDOW_S = 60;

/**
 * Who a link was issued for: anyone (a public file) or the owner alone (a private upload). A link
 * issued while a file was public stops working when it becomes private again.
 */
export type LinkScope = 'public' | 'owner';

/** What binds a link to its viewer: the request's session token, device fingerprint and address. */
export type LinkViewer = Pick<Viewer, 'token' | 'fingerprint' | 'ip'>;

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/**
 * The holder a link is signed for: a logged-in viewer's session (so logging out, or any end of
 * the session, ends the link), else a visitor's fingerprint and IP address. Neither appears in
 * the URL; the request that follows the link must carry them again (bearer token, X-Fingerprint).
 */
function issuedHolder(viewer: LinkViewer): string {
  return viewer.token ? `s:${sha256(viewer.token)}` : visitorHolder(viewer);
}
const visitorHolder = (viewer: LinkViewer) => `v:${sha256(viewer.fingerprint ?? '')}:${viewer.ip}`;

/**
 * The holders a request can speak for: its session, and its device and address (so a visitor's
 * link keeps working in the tab where the visitor has just logged in).
 */
function provenHolders(viewer: LinkViewer): string[] {
  return viewer.token ? [issuedHolder(viewer), visitorHolder(viewer)] : [visitorHolder(viewer)];
}

/** Signed, expiring URLs of a file's PDF (the spec's `encrypted_file_url`), bound to one viewer. */
export function createFileUrls(opts: {
  signer: UrlSigner;
  clock: Clock;
  ttlS: number;
  publicUrl: string | null;
}) {
  const ttlS = Math.min(opts.ttlS, PREVIEW_LINK_MAX_TTL_S);
  // Rounded down to a window (never up: the cap holds), unless the lifetime is shorter than one.
  const window = ttlS > 2 * WINDOW_S ? WINDOW_S : 1;
  const subject = (fileId: string, variant: string, scope: LinkScope, holder: string) =>
    `file:${fileId}:${variant}:${scope}:${holder}`;
  const nowS = () => Math.floor(opts.clock.now().getTime() / 1000);
  return {
    /** The link for this viewer; `ttlS` (at most PREVIEW_LINK_MAX_TTL_S) minus under a minute. */
    url(fileId: string, scope: LinkScope, viewer: LinkViewer, variant = 'original'): string {
      const exp = Math.floor((nowS() + ttlS) / window) * window;
      const sig = opts.signer.sign(subject(fileId, variant, scope, issuedHolder(viewer)), exp);
      const q = new URLSearchParams({ v: variant, exp: String(exp), sig });
      return `${opts.publicUrl ?? ''}/api/file/stream/${encodeURIComponent(fileId)}?${q}`;
    },
    /**
     * Verifies a link against the scopes that may read the file now and the holders the request
     * proves. A link of another viewer reads as invalid: a tampered one looks the same.
     */
    check(
      fileId: string,
      q: { v: string; exp: number; sig: string },
      scopes: readonly LinkScope[],
      viewer: LinkViewer,
    ): 'ok' | 'expired' | 'invalid' {
      const holders = provenHolders(viewer);
      const verdicts = scopes.flatMap((s) =>
        holders.map((h) => opts.signer.verify(subject(fileId, q.v, s, h), q.exp, q.sig, nowS())),
      );
      if (verdicts.includes('ok')) return 'ok';
      return verdicts.includes('expired') ? 'expired' : 'invalid';
    },
  };
}
export type FileUrls = ReturnType<typeof createFileUrls>;
