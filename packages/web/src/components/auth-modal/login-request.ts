import type { LoginRequest } from '@rl/contract';
import { looksLikeEmail, normaliseEmail } from '@rl/contract/constants';

/**
 * The login call's identity (SPEC.md section 5): an e-mail-shaped identifier is sent trimmed
 * and lower-cased as `email`, anything else trimmed as `username` (a mobile number too).
 */
export function loginIdentity(identifier: string): Pick<LoginRequest, 'email' | 'username'> {
  return looksLikeEmail(identifier) ? { email: normaliseEmail(identifier) } : { username: identifier.trim() };
}

export function buildLoginRequest(identifier: string, passwd: string, code?: string): LoginRequest {
  const trimmedCode = code?.trim();
  return { ...loginIdentity(identifier), passwd, ...(trimmedCode ? { code: trimmedCode } : {}) };
}
