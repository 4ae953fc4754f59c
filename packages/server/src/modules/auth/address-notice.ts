import type { CodePurpose } from '@rl/contract';
import { requireUser, type Viewer } from '../access/viewer.js';
import type { UsersRepo } from '../users/repo.js';
import type { CodeNotice } from './code-messages.js';
import type { CodeTarget } from './codes.js';

/**
 * Whether a code request for `target` gets a notice instead of a code (see CodeNotice): a signup
 * or an address change to an address another account holds, a login code for an address no
 * account holds. Undefined: a code. The caller answers alike either way, so only the owner of
 * the address learns whether it has an account. Address changes need a logged-in user (401).
 */
export async function noticeFor(
  users: UsersRepo,
  viewer: Viewer,
  target: CodeTarget,
  purpose: CodePurpose,
): Promise<CodeNotice | undefined> {
  const me = purpose === 'change_email' || purpose === 'bind_mobile' ? requireUser(viewer) : null;
  const holder =
    target.channel === 'email' ? await users.byEmail(target.email) : await users.byPhone(target.phone);
  if (purpose === 'login') return holder ? undefined : 'no_account';
  return holder && holder.id !== me?.id ? 'account_exists' : undefined;
}
