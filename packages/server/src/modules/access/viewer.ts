import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import type { UserRecord } from './user-record.js';

/**
 * Who is asking: resolved once per API request (http/viewer.ts), then passed to services as a
 * plain value. A service method names who may call it in its first lines, with the guards:
 *
 * - login: `requireUser(viewer)` (401);
 * - plan level: `quota.requirePlan(viewer, feature)` (403 plan_required), the plan's quotas
 *   `quota.consume` / `consumeSearch` and the token budget `budget.assertAvailable` (403
 *   quota_exceeded), the region `assertRegionAllows` (quota/region.ts, 403 region_restricted);
 * - a file: `readableFile` (files/service.ts: the file access rule, else 404 file_not_found) and,
 *   for its content or the caller's use of it, `openableFile` (quota/openable-file.ts: that rule
 *   and the plan's file-age rule, 403 file_age_blocked);
 * - the console: its routes register through `adminScope` and hand `requireAdmin(request)` to
 *   the services that record who acted (http/admin-guard.ts).
 *
 * A method without any of them is open to anonymous visitors too.
 */
export interface Viewer {
  /** The logged-in user, or null for an anonymous visitor. */
  user: UserRecord | null;
  /** The bearer token the user sent (only when it is valid). */
  token: string | null;
  /** X-Fingerprint: the browser's device fingerprint, if sent. */
  fingerprint: string | null;
  ip: string;
  /** Lower-case ISO country code, when known. */
  country: string | null;
}

export const anonymousViewer = (ip = '127.0.0.1', fingerprint: string | null = null): Viewer => ({
  user: null,
  token: null,
  fingerprint,
  ip,
  country: null,
});

/** The viewer's user, or 401 (the web opens the login modal). */
export function requireUser(viewer: Viewer): UserRecord {
  if (!viewer.user) throw new AppError(ERROR_CODES.unauthorized, msg('notLoggedIn'));
  return viewer.user;
}
