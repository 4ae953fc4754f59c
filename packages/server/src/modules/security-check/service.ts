import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type ChallengeParameters } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { ERROR_CODES, AltchaPayload, SECURITY_CHECK_TTL_MIN, type AltchaChallenge } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { Clock } from '../../platform/clock.js';
import { TooFrequent } from '../auth/codes.js';
import type { ThrottleRule } from '../auth/limits.js';
import type { Throttle } from '../auth/throttle.js';
import type { SecurityCheckRepo } from './repo.js';

/**
 * The work a challenge asks for. Deterministic ALTCHA v2: the server picks the counter, derives its
 * PBKDF2 key once and publishes half of it as the prefix; the browser tries counters from 0 until
 * its key starts with that prefix, so the work is `counter + 1` derivations of `cost` iterations
 * (split over the widget's workers). Measured on this 2-core machine with the real widget in
 * Chromium: see docs/api.md. The server checks a solution with one HMAC (the key signature).
 */
export const SECURITY_CHECK_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 80,
  counterMax: 240,
} as const;

/** Challenges one IP address may fetch per 10 minutes (a form needs one, a retry another). */
export const CHALLENGES_PER_IP: ThrottleRule = { bucket: 'altcha_ip', limit: 60, windowS: 600 };

export const securityCheckFailed = () =>
  new AppError(ERROR_CODES.securityCheckFailed, msg('securityCheckFailed'), { field: 'altcha' });
const securityCheckRequired = () =>
  new AppError(ERROR_CODES.validation, msg('securityCheckRequired'), { field: 'altcha' });

/** An HMAC key of its own for each use, derived from the server's signing secret. */
const subKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`altcha:${purpose}`).digest('hex');

function decode(altcha: string): AltchaPayload | null {
  try {
    const parsed = AltchaPayload.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SecurityCheckDeps {
  repo: SecurityCheckRepo;
  throttle: Throttle;
  clock: Clock;
  /** config.signingSecret. */
  secret: string;
}

/**
 * Issues and verifies the forms' proof of work. The expiry is signed in `data.expires` and judged
 * by the server's clock; `parameters.expiresAt` is added after signing for the widget only (it
 * shows "expired" then) and removed before the signature is checked, because altcha-lib would
 * judge it by the system time instead of our clock.
 */
export function createSecurityCheck(deps: SecurityCheckDeps) {
  const { repo, throttle, clock } = deps;
  const hmacSignatureSecret = subKey(deps.secret, 'challenge');
  const hmacKeySignatureSecret = subKey(deps.secret, 'key');
  const nowS = () => Math.floor(clock.now().getTime() / 1000);

  return {
    /** A fresh challenge; 429 when the IP address fetched too many lately. */
    async issue(ip: string): Promise<AltchaChallenge> {
      if (await throttle.hit(CHALLENGES_PER_IP, ip))
        throw new TooFrequent(msg('tooFrequent'), CHALLENGES_PER_IP.windowS);
      const expires = nowS() + SECURITY_CHECK_TTL_MIN * 60;
      const { algorithm, cost, counterMin, counterMax } = SECURITY_CHECK_WORK;
      const challenge = await createChallenge({
        algorithm,
        cost,
        counter: randomInt(counterMax, counterMin),
        deriveKey,
        data: { expires },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return {
        parameters: { ...challenge.parameters, expiresAt: expires },
        signature: challenge.signature ?? '',
      };
    },

    /**
     * Accepts a solved challenge once: 400 'Please complete the security check' when absent, 400
     * SECURITY_CHECK_FAILED when it is not a payload, the signature or the work is wrong, it has
     * expired, or it was accepted before.
     */
    async verify(altcha: string | undefined): Promise<void> {
      if (!altcha?.trim()) throw securityCheckRequired();
      const payload = decode(altcha.trim());
      if (!payload) throw securityCheckFailed();
      const { expiresAt: _shownOnly, ...parameters } = payload.challenge.parameters;
      if (parameters.algorithm !== SECURITY_CHECK_WORK.algorithm) throw securityCheckFailed();
      const verified = await verifySolution({
        challenge: { parameters: parameters as ChallengeParameters, signature: payload.challenge.signature },
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).then(
        (r) => r.verified,
        () => false,
      );
      if (!verified) throw securityCheckFailed();
      const expires = parameters.data?.expires;
      if (typeof expires !== 'number' || expires <= nowS()) throw securityCheckFailed();
      const now = clock.now().toISOString();
      await repo.prune(now);
      if (!(await repo.spend(parameters.nonce, new Date(expires * 1000).toISOString())))
        throw securityCheckFailed();
    },
  };
}
export type SecurityCheck = ReturnType<typeof createSecurityCheck>;
