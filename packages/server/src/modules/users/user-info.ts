import type { UserInfo } from '@rl/contract';
import { anonymousViewer } from '../access/viewer.js';
import type { Clock } from '../../platform/clock.js';
import type { QuotaService } from '../quota/service.js';
import type { UserRecord } from '../access/user-record.js';
import { presentUser } from './presenter.js';

/** Builds a user's `user_info` with what remains of each quota. */
export function createUserInfo(deps: { quota: QuotaService; clock: Clock }) {
  return async (user: UserRecord): Promise<UserInfo> => {
    const quota = await deps.quota.remaining({ ...anonymousViewer(''), user });
    return presentUser(user, quota, deps.clock.now());
  };
}
export type UserInfoOf = ReturnType<typeof createUserInfo>;
