import type { LastingSigner } from '../../platform/signing.js';

/**
 * The links and ids a digest carries: the signed unsubscribe link (no login; it keeps working, as
 * RFC 8058 wants of a List-Unsubscribe URL) and the Message-ID of a user's period, the same on
 * every try.
 */
export interface DigestLinks {
  /** The web app's absolute base (PUBLIC_URL). */
  readonly baseUrl: string;
  unsubscribeUrl(userId: string): string;
  /** Whether `signature` is the unsubscribe link's of `userId`. */
  unsubscribeSigned(userId: string, signature: string): boolean;
  messageId(userId: string, period: string): string;
}

const subject = (userId: string) => `digest-unsubscribe:${userId}`;

export function createDigestLinks(opts: { signer: LastingSigner; baseUrl: string }): DigestLinks {
  const { signer, baseUrl } = opts;
  const host = new URL(baseUrl).hostname || 'localhost';
  return {
    baseUrl,
    unsubscribeUrl(userId) {
      const q = new URLSearchParams({ user: userId, sig: signer.sign(subject(userId)) });
      return `${baseUrl}/api/pub/digest/unsubscribe?${q.toString()}`;
    },
    unsubscribeSigned: (userId, signature) => signer.verify(subject(userId), signature),
    // A Message-ID's left part takes no ':' (RFC 5322 dot-atom): `d:2026-12-02` is written `d-2026-12-02`.
    messageId: (userId, period) => `<digest.${period.replace(':', '-')}.${userId}@${host}>`,
  };
}
