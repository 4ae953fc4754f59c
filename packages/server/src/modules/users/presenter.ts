import { effectivePlan, type AdminUser, type QuotaMap, type UserInfo } from '@rl/contract';
import type { UserRecord } from '../access/user-record.js';

/** The account part of the user info: never the password hash or internal flags. */
export function presentAccount(user: UserRecord, now: Date): Omit<AdminUser, 'deleted'> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    phone_country_code: user.phone_country_code,
    status: user.status,
    role: user.role,
    user_level: user.user_level,
    user_level_expire_time: user.user_level_expire_time,
    plan: effectivePlan(user.user_level, user.user_level_expire_time, now).id,
    created_time: user.created_time,
    updated_time: user.updated_time,
    last_login_time: user.last_login_time,
  };
}

/** The spec's user info (SPEC.md section 3): the account, its settings and its quota. */
export function presentUser(user: UserRecord, quota: QuotaMap, now: Date): UserInfo {
  return { ...presentAccount(user, now), settings: user.settings, quota };
}
