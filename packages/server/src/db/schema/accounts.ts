import type { Generated } from 'kysely';

/* Users and their sessions, devices, codes, rate limits, subscriptions and counted uses. */

export interface UsersTable {
  id: string;
  username: string;
  email: string | null;
  /** Digits only. */
  phone: string | null;
  phone_country_code: string | null;
  password_hash: string;
  status: Generated<'inactive' | 'active' | 'disabled'>;
  /** JSON list of roles. */
  role: Generated<string>;
  user_level: Generated<string>;
  user_level_expire_time: string | null;
  /** JSON object (UserSettings, partial). */
  settings: Generated<string>;
  /** 1: a login from an unknown device needs a code. */
  device_check: Generated<number>;
  created_time: string;
  updated_time: string;
  last_login_time: string | null;
}

export interface SessionsTable {
  /** sha256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  fingerprint: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  revoked_at: string | null;
}

export interface KnownDevicesTable {
  user_id: string;
  fingerprint: string;
  first_seen: string;
}

export interface VerificationCodesTable {
  target: string;
  purpose: string;
  code_hash: string;
  expires_at: string;
  tries: Generated<number>;
  sent_at: string;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: string;
}

export interface UsageCountersTable {
  subject: string;
  usage_type: string;
  period: string;
  count: Generated<number>;
}

export interface UsageFilesTable {
  subject: string;
  usage_type: string;
  period: string;
  file_id: string;
}

/** A search a quota subject was counted for; its later pages are free until `ran_at` + the window. */
export interface SearchRunsTable {
  subject: string;
  query_hash: string;
  ran_at: string;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan: string;
  item_name: string;
  price_cny: number;
  purchase_time: string;
  expire_time: string | null;
}
