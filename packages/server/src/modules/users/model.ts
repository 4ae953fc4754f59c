import type { Selectable } from 'kysely';
import { DEFAULT_USER_SETTINGS, UserSettings, userLanguageOf, type UserStatus } from '@rl/contract';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

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

/** Stored settings merged over the defaults; a stored language other than en|zh reads as en. */
export function parseSettings(json: string): UserSettings {
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(json) as Record<string, unknown>;
  } catch {
    // keep the defaults
  }
  const merged = { ...DEFAULT_USER_SETTINGS, ...stored, language: userLanguageOf(stored.language) };
  const parsed = UserSettings.safeParse(merged);
  return parsed.success ? parsed.data : { ...DEFAULT_USER_SETTINGS, language: merged.language };
}

function parseRoles(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : ['user'];
  } catch {
    return ['user'];
  }
}

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    phone_country_code: row.phone_country_code,
    status: row.status,
    role: parseRoles(row.role),
    user_level: row.user_level,
    user_level_expire_time: row.user_level_expire_time,
    settings: parseSettings(row.settings),
    device_check: row.device_check === 1,
    created_time: row.created_time,
    updated_time: row.updated_time,
    last_login_time: row.last_login_time,
  };
}
