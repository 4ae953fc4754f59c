import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLANS } from '@rl/contract';
import { createAppSettings } from '../../db/app-settings.js';
import type { Db } from '../../db/database.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { PasswordHasher } from '../../platform/password.js';
import { createUsersRepo } from './repo.js';

export interface DemoAccount {
  role: 'administrator' | 'trial user' | 'paid user';
  username: string;
  email: string;
  password: string;
}

const DEMO_ACCOUNTS_CREATED = 'demo_accounts_created';
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

/** 16 random base64url characters plus a guaranteed lower- and uppercase letter (the signup rule). */
const randomPassword = () => `${randomBytes(12).toString('base64url')}aZ`;

/**
 * On the first start: an administrator, a trial user and a paid user (paid_v0 for a year, with
 * its subscription record), random passwords. Demo users skip new-device verification; the
 * administrator does not. Answers the accounts once (null afterwards) and writes them to
 * DATA_DIR/demo-accounts.txt readable by the owner only.
 */
export async function createDemoAccounts(deps: {
  db: Db;
  hasher: PasswordHasher;
  clock: Clock;
  dataDir: string;
}): Promise<DemoAccount[] | null> {
  const settings = createAppSettings(deps.db);
  if (await settings.get(DEMO_ACCOUNTS_CREATED)) return null;
  const users = createUsersRepo(deps.db);
  const now = isoNow(deps.clock);
  const yearLater = new Date(deps.clock.now().getTime() + 365 * 86_400_000).toISOString();
  const specs = [
    // The administrator tries everything the library offers, downloads included: the
    // institutional plan without an end, and no purchase of it on record.
    {
      role: 'administrator',
      username: 'admin',
      email: 'admin@demo.example',
      roles: ['admin', 'user'],
      level: 'paid_v0',
      paid: false,
    },
    {
      role: 'trial user',
      username: 'demo_trial',
      email: 'trial@demo.example',
      roles: ['user'],
      level: 'trial',
      paid: false,
    },
    {
      role: 'paid user',
      username: 'demo_paid',
      email: 'paid@demo.example',
      roles: ['user'],
      level: 'paid_v0',
      paid: true,
    },
  ] as const;
  const created: DemoAccount[] = [];
  for (const spec of specs) {
    if ((await users.byUsername(spec.username)) || (await users.byEmail(spec.email))) continue;
    const password = randomPassword();
    // Another instance starting at the same time may have taken the name since: it shows that one.
    const row = await users.insertUnlessTaken({
      username: spec.username,
      email: spec.email,
      phone: null,
      phone_country_code: null,
      password_hash: await deps.hasher.hash(password),
      role: JSON.stringify(spec.roles),
      user_level: spec.level,
      user_level_expire_time: spec.paid ? yearLater : null,
      device_check: spec.role === 'administrator' ? 1 : 0,
      created_time: now,
      updated_time: now,
    });
    if (!row) continue;
    if (spec.paid) {
      await users.addSubscription({
        user_id: row.id,
        plan: 'paid_v0',
        item_name: 'Institutional plan, 12 months (demo)',
        price_cny: PLANS.paid_v0.price_cny * 12,
        purchase_time: now,
        expire_time: yearLater,
      });
    }
    created.push({ role: spec.role, username: spec.username, email: spec.email, password });
  }
  const file = join(deps.dataDir, DEMO_ACCOUNTS_FILE);
  writeFileSync(file, formatDemoAccounts(created), { mode: 0o600 });
  chmodSync(file, 0o600);
  await settings.set(DEMO_ACCOUNTS_CREATED, now);
  return created;
}

export function formatDemoAccounts(accounts: DemoAccount[]): string {
  const lines = accounts.map(
    (a) => `${a.role.padEnd(14)} ${a.username.padEnd(12)} ${a.email.padEnd(20)} ${a.password}`,
  );
  return `Demo accounts (created on the first start; log in with the username or the e-mail):\n${lines.join('\n')}\n`;
}
