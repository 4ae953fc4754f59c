import { z } from 'zod';

/**
 * The security check of the public forms (DMCA, contact us): a self-hosted ALTCHA proof of work.
 * `/api/pub/recapcha` issues a signed challenge; the browser finds the number and sends the
 * solution, base64-encoded JSON as the ALTCHA widget writes it, in the form's `altcha` field. The
 * server verifies the signature, the expiry and the work, and accepts each solution once.
 */
export const SECURITY_CHECK_TTL_MIN = 10;
export const SECURITY_CHECK_REQUIRED = 'Please complete the security check';
export const SECURITY_CHECK_FAILED = 'The security check failed or expired, please try again';

/** The challenge as the ALTCHA widget reads it (extra fields are kept). */
export const AltchaChallenge = z.looseObject({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallenge>;

/** The solved check as a form sends it. */
export const AltchaSolution = z
  .string({ error: SECURITY_CHECK_REQUIRED })
  .trim()
  .min(1, SECURITY_CHECK_REQUIRED)
  .max(4000, SECURITY_CHECK_FAILED);
