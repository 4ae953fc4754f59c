import type { Selectable } from 'kysely';
import { DEFAULT_USER_SETTINGS, UserSettings, userLanguageOf } from '@rl/contract';
import type { UsersTable } from '../../db/schema.js';
import type { UserRecord } from '../access/user-record.js';

export type UserRow = Selectable<UsersTable>;

/**
 * Stored settings merged over the defaults, each key on its own: a stored value the contract no
 * longer takes (a zone Intl stopped knowing) falls back to its default alone. A stored language
 * other than en|zh reads as en.
 */
export function parseSettings(json: string): UserSettings {
  let stored: Record<string, unknown> = {};
  try {
    const v = JSON.parse(json) as unknown;
    if (v && typeof v === 'object') stored = v as Record<string, unknown>;
  } catch {
    // keep the defaults
  }
  const out: Record<string, unknown> = { ...DEFAULT_USER_SETTINGS };
  for (const [key, schema] of Object.entries(UserSettings.shape)) {
    const parsed = schema.safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  out.language = userLanguageOf(stored.language);
  return out as UserSettings;
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
