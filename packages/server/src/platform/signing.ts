import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for URLs that grant time-limited access without a session. */
export interface UrlSigner {
  sign(subject: string, expiresAtS: number): string;
  verify(subject: string, expiresAtS: number, signature: string, nowS: number): 'ok' | 'expired' | 'invalid';
}

export function createUrlSigner(secret: string): UrlSigner {
  const mac = (subject: string, exp: number) =>
    createHmac('sha256', secret).update(`${subject}\n${exp}`).digest('base64url');
  return {
    sign: mac,
    verify(subject, exp, signature, nowS) {
      const expected = Buffer.from(mac(subject, exp));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return exp < nowS ? 'expired' : 'ok';
    },
  };
}

/** HMAC signatures that do not expire, for links that must keep working (a digest's unsubscribe). */
export interface LastingSigner {
  sign(subject: string): string;
  verify(subject: string, signature: string): boolean;
}

export function createLastingSigner(secret: string): LastingSigner {
  // Its own prefix: a signature of an expiring URL never passes here, nor the other way round.
  const mac = (subject: string) =>
    createHmac('sha256', secret).update(`lasting\n${subject}`).digest('base64url');
  return {
    sign: mac,
    verify(subject, signature) {
      const expected = Buffer.from(mac(subject));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
