import type { z } from 'zod';
import {
  ERROR_CODES,
  PLAN_IDS,
  type ChangeEmailRequest,
  type ChangeMobileRequest,
  type ChangePasswordRequest,
  type DigestFrequency,
  type Plan,
  type PlanId,
  type SettingsRequest,
  type SubscriptionRecord,
  type UserInfo,
  type UserSettings,
} from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { requireUser, type Viewer } from '../access/viewer.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import type { CodeService } from '../auth/codes.js';
import type { QuotaService } from '../quota/service.js';
import { startPasswordCheck } from '../auth/password-check.js';
import type { Sessions } from '../auth/sessions.js';
import type { Throttle } from '../auth/throttle.js';
import { nationalNumber } from '../users/phone.js';
import { toUserRecord } from '../users/model.js';
import type { UserRecord } from '../access/user-record.js';
import type { UsersRepo } from '../users/repo.js';
import { assertFree, withUniqueness } from '../users/uniqueness.js';
import type { UserInfoOf } from '../users/user-info.js';

/** 403 quota_exceeded with the digest wall: the plan does not send this frequency (daily on the free plan). */
function assertDigestSent(plan: Plan, frequency: DigestFrequency): void {
  if (frequency !== 'off' && !plan.digest_frequencies.includes(frequency))
    throw new AppError(ERROR_CODES.quotaExceeded, msg('wallDigestDaily'), { reason: 'digest_frequency' });
}

/** The logged-in user's own account: info, settings, e-mail, mobile, password, subscriptions. */
export function createAccountService(deps: {
  users: UsersRepo;
  hasher: PasswordHasher;
  codes: CodeService;
  sessions: Sessions;
  throttle: Throttle;
  clock: Clock;
  userInfo: UserInfoOf;
  quota: Pick<QuotaService, 'planOf'>;
}) {
  const { users, clock } = deps;

  async function save(user: UserRecord, set: Parameters<UsersRepo['update']>[1]): Promise<UserInfo> {
    const row = await withUniqueness(() => users.update(user.id, { ...set, updated_time: isoNow(clock) }));
    if (!row) throw new AppError(ERROR_CODES.badRequest, msg('accountGone'));
    return deps.userInfo(toUserRecord(row));
  }

  return {
    async info(viewer: Viewer): Promise<{ token: string; user_info: UserInfo }> {
      const user = requireUser(viewer);
      return { token: viewer.token ?? '', user_info: await deps.userInfo(user) };
    },

    /**
     * Language en|zh (anything else becomes en); the other settings only when sent. A digest
     * frequency the plan does not send (daily on the free plan) meets the plan's wall.
     */
    async settings(
      viewer: Viewer,
      req: z.output<typeof SettingsRequest>,
    ): Promise<{ settings: UserSettings }> {
      const user = requireUser(viewer);
      if (req.digest) assertDigestSent(deps.quota.planOf(viewer), req.digest);
      const next: UserSettings = { ...user.settings, language: req.language };
      if (req.show_summary !== undefined) next.show_summary = req.show_summary;
      if (req.search_preference) next.search_preference = req.search_preference;
      if (req.date_format) next.date_format = req.date_format;
      if (req.measurement_unit) next.measurement_unit = req.measurement_unit;
      if (req.digest) next.digest = req.digest;
      if (req.time_zone !== undefined) next.time_zone = req.time_zone;
      const info = await save(user, { settings: JSON.stringify(next) });
      return { settings: info.settings };
    },

    /** Replaces the e-mail; the code was sent to the new address (purpose change_email). */
    async changeEmail(
      viewer: Viewer,
      req: z.output<typeof ChangeEmailRequest>,
    ): Promise<{ user_info: UserInfo }> {
      const user = requireUser(viewer);
      // The code first: only the address's owner learns whether another account holds it.
      await deps.codes.verify({ channel: 'email', email: req.email }, 'change_email', req.code, {}, () =>
        assertFree(users, { email: req.email }, user.id),
      );
      return { user_info: await save(user, { email: req.email }) };
    },

    /** Binds or changes the mobile; the code was sent to that number (purpose bind_mobile). */
    async changeMobile(
      viewer: Viewer,
      input: z.output<typeof ChangeMobileRequest>,
    ): Promise<{ user_info: UserInfo }> {
      const user = requireUser(viewer);
      const req = { ...input, phone: nationalNumber(input.phone, input.country_code) };
      await deps.codes.verify(
        { channel: 'sms', phone: req.phone, countryCode: req.country_code },
        'bind_mobile',
        req.code,
        {},
        () => assertFree(users, { phone: req.phone }, user.id),
      );
      return { user_info: await save(user, { phone: req.phone, phone_country_code: req.country_code }) };
    },

    /**
     * Checks the current password, sets the new one and ends every other session of the account:
     * its other user sessions and all of its console sessions (the console logs in again).
     */
    async changePassword(
      viewer: Viewer,
      req: z.output<typeof ChangePasswordRequest>,
    ): Promise<{ user_info: UserInfo }> {
      const user = requireUser(viewer);
      const attempt = await startPasswordCheck(
        { throttle: deps.throttle, clock },
        user.id,
        'wrongPasswordsLocked',
      );
      const row = await users.byId(user.id);
      // A wrong password leaves the attempt counted as a failure.
      if (!row || !(await deps.hasher.verify(req.old_passwd, row.password_hash)))
        throw new AppError(ERROR_CODES.invalidCredentials, msg('wrongCurrentPassword'), {
          field: 'old_passwd',
        });
      await attempt.passed();
      const info = await save(user, { password_hash: await deps.hasher.hash(req.passwd) });
      // This session stays (the user is at it); every other one, console ones included, ends.
      await deps.sessions.revokeAllBut(user.id, viewer.token);
      return { user_info: info };
    },

    async subscriptions(viewer: Viewer): Promise<{ records: SubscriptionRecord[] }> {
      const user = requireUser(viewer);
      const rows = await users.subscriptions(user.id);
      return {
        records: rows.map((r) => ({
          id: r.id,
          item_name: r.item_name,
          plan: (PLAN_IDS as readonly string[]).includes(r.plan) ? (r.plan as PlanId) : 'paid_v0',
          price_cny: r.price_cny,
          purchase_time: r.purchase_time,
          expire_time: r.expire_time,
        })),
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
