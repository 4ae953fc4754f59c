import { join } from 'node:path';
import type { LoginResponse, UserInfo } from '@rl/contract';
import type { Db } from '../src/db/database.js';
import { createUsersRepo } from '../src/modules/users/repo.js';
import { readOutbox } from '../src/platform/outbox.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import { call, type TestLibrary } from './harness.js';

/** Test helpers for accounts: users written directly, codes read from the dev outbox. */

const hasher = createPasswordHasher(TEST_SCRYPT);
let counter = 0;

export interface UserSpec {
  username?: string;
  email?: string | null;
  phone?: string | null;
  password?: string;
  level?: string;
  expires?: string | null;
  roles?: string[];
  status?: 'inactive' | 'active' | 'disabled';
  deviceCheck?: boolean;
}

/** Writes a user; `deviceCheck` defaults to false so a test logs in without a code unless it wants one. */
export async function buildUser(db: Db, spec: UserSpec = {}) {
  counter++;
  const username = spec.username ?? `user_${counter}_${Math.random().toString(36).slice(2, 6)}`;
  const password = spec.password ?? 'Passw0rdOk';
  const now = '2026-11-01T00:00:00.000Z';
  const row = await createUsersRepo(db).insert({
    username,
    email: spec.email === undefined ? `${username.toLowerCase()}@example.com` : spec.email,
    phone: spec.phone ?? null,
    phone_country_code: spec.phone ? '86' : null,
    password_hash: await hasher.hash(password),
    status: spec.status ?? 'active',
    role: JSON.stringify(spec.roles ?? ['user']),
    user_level: spec.level ?? 'trial',
    user_level_expire_time: spec.expires ?? null,
    device_check: spec.deviceCheck ? 1 : 0,
    created_time: now,
    updated_time: now,
  });
  return { id: row.id, username, email: row.email, password };
}

/** The 6-digit code of the last message sent to `to` (an e-mail, or 86+digits for SMS). */
export async function lastCode(lib: TestLibrary, to: string): Promise<string> {
  const msgs = (await readOutbox(join(lib.dir, 'outbox'))).filter((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(msgs.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export const outboxCount = async (lib: TestLibrary, to: string) =>
  (await readOutbox(join(lib.dir, 'outbox'))).filter((m) => m.to === to).length;

/** Logs in (from `fingerprint`, default fp-test) and answers the token; fails the test otherwise. */
export async function loginToken(
  lib: TestLibrary,
  username: string,
  password = 'Passw0rdOk',
  fingerprint = 'fp-test',
): Promise<string> {
  const r = await call<LoginResponse>(
    lib.app,
    '/api/user/login',
    { username, passwd: password },
    { fingerprint },
  );
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

export async function userInfo(lib: TestLibrary, token: string): Promise<UserInfo> {
  return (await call<{ user_info: UserInfo }>(lib.app, '/api/user/info', {}, { token })).body.user_info;
}

/** Row counts of the account tables: bad input must leave them as they were. */
export async function accountTables(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['users', 'sessions', 'known_devices', 'verification_codes', 'usage_counters'] as const) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}
