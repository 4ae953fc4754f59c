import { DOWNLOAD_LINK_TTL_S, ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import type { UrlSigner } from '../../platform/signing.js';

/** Query of a download stream: a signed link carries uid, exp and sig; a bearer call none of them. */
export interface StreamQuery {
  file_id: string;
  uid?: string;
  exp?: number;
  sig?: string;
}

/**
 * Whose download a link is, and the stream it points to: a user's (counted when issued) or an
 * administrator's (the console's, counted nowhere). The kind is part of what is signed, so one
 * never opens the other, nor a preview link (`file:…`, file-urls.ts).
 */
const STREAMS = {
  download: '/api/file/download_stream',
  'manage-download': '/api/manage/file/download_stream',
} as const;
export type DownloadLinkKind = keyof typeof STREAMS;

export const linkInvalid = () => new AppError(ERROR_CODES.linkInvalid, msg('downloadLinkInvalid'));

/** Signed links to a file's bytes for one account, valid DOWNLOAD_LINK_TTL_S. */
export function createDownloadLinks(
  kind: DownloadLinkKind,
  deps: { signer: UrlSigner; clock: Clock; publicUrl: string | null },
) {
  const { signer } = deps;
  const subject = (accountId: string, fileId: string) => `${kind}:${accountId}:${fileId}`;
  const nowS = () => Math.floor(deps.clock.now().getTime() / 1000);

  return {
    /** The link to the file's stream, signed for the account. */
    issue(accountId: string, fileId: string): { download_url: string; expires_time: string } {
      const exp = nowS() + DOWNLOAD_LINK_TTL_S;
      const q = new URLSearchParams({
        file_id: fileId,
        uid: accountId,
        exp: String(exp),
        sig: signer.sign(subject(accountId, fileId), exp),
      });
      return {
        download_url: `${deps.publicUrl ?? ''}${STREAMS[kind]}?${q}`,
        expires_time: new Date(exp * 1000).toISOString(),
      };
    },

    /**
     * The id of the account a link was signed for, if the signature holds and has not expired
     * (403 link_invalid, link_expired). Whether that account may still use it is the caller's.
     */
    signedFor(q: StreamQuery): string {
      if (!q.uid || q.exp === undefined || !q.sig) throw linkInvalid();
      const verdict = signer.verify(subject(q.uid, q.file_id), q.exp, q.sig, nowS());
      if (verdict === 'expired') throw new AppError(ERROR_CODES.linkExpired, msg('downloadLinkExpired'));
      if (verdict === 'invalid') throw linkInvalid();
      return q.uid;
    },
  };
}
export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
