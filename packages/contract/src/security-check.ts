import { z } from 'zod';

/**
 * The security check of the public forms (DMCA, contact us): a self-hosted ALTCHA v2 proof of work.
 * `GET /api/pub/recapcha` issues a signed challenge (the `altcha` widget v3 fetches it from its
 * `challenge` URL); the widget finds the counter and writes the payload, base64-encoded JSON
 * `{ challenge: { parameters, signature }, solution: { counter, derivedKey, time } }`, which the
 * form sends in its `altcha` field. The server verifies the signature, the expiry and the work,
 * and accepts each solution once.
 */
export const SECURITY_CHECK_TTL_MIN = 10;
export const SECURITY_CHECK_REQUIRED = 'Please complete the security check';
export const SECURITY_CHECK_FAILED = 'The security check failed or expired, please try again';

/** The signed parameters of a challenge (ALTCHA v2; extra fields are kept). */
export const AltchaChallengeParameters = z.looseObject({
  algorithm: z.string(),
  nonce: z.string(),
  salt: z.string(),
  cost: z.number().int(),
  keyLength: z.number().int(),
  keyPrefix: z.string(),
  keySignature: z.string().optional(),
  /** Unix seconds; the widget shows "expired" after it. */
  expiresAt: z.number().optional(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

/** `/api/pub/recapcha`: the challenge exactly as the ALTCHA widget v3 reads it. */
export const AltchaChallenge = z.object({
  parameters: AltchaChallengeParameters,
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;

/** The widget's payload once decoded from base64 (what the `altcha` field carries). */
export const AltchaPayload = z.object({
  challenge: AltchaChallenge,
  solution: z.object({
    counter: z.number().int(),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});
export type AltchaPayload = z.infer<typeof AltchaPayload>;

/** The solved check as a form sends it. */
export const AltchaSolution = z
  .string({ error: SECURITY_CHECK_REQUIRED })
  .trim()
  .min(1, SECURITY_CHECK_REQUIRED)
  .max(4000, SECURITY_CHECK_FAILED);
