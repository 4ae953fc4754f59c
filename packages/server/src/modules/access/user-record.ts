import type { UserSettings, UserStatus } from '@rl/contract';

/** A user as the services see it: JSON columns parsed, the password hash kept apart. */
export interface UserRecord {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  phone_country_code: string | null;
  status: UserStatus;
  role: string[];
  user_level: string;
  user_level_expire_time: string | null;
  settings: UserSettings;
  device_check: boolean;
  created_time: string;
  updated_time: string;
  last_login_time: string | null;
}
