import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SubscriptionRecord } from '@rl/contract';
import { createDemoAccounts, DEMO_ACCOUNTS_FILE } from '../src/modules/users/demo-accounts.js';
import { createPasswordHasher, TEST_SCRYPT } from '../src/platform/password.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

let lib: TestLibrary;
beforeAll(async () => {
  lib = await openTestLibrary();
});
afterAll(() => lib.close());

describe('demo accounts', () => {
  it('creates an administrator, a trial and a paid user once, in a file only the owner reads', async () => {
    const deps = {
      db: lib.db,
      hasher: createPasswordHasher(TEST_SCRYPT),
      clock: lib.clock,
      dataDir: lib.dir,
    };
    const accounts = await createDemoAccounts(deps);
    expect(accounts?.map((a) => a.username)).toEqual(['admin', 'demo_trial', 'demo_paid']);
    expect(await createDemoAccounts(deps)).toBeNull();
    const file = join(lib.dir, DEMO_ACCOUNTS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    for (const a of accounts!) expect(text).toContain(a.password);
    expect(new Set(accounts!.map((a) => a.password)).size).toBe(3);

    const [admin, trial, paid] = accounts!;
    // Demo users skip new-device verification; the administrator does not.
    const t = await call<LoginResponse>(
      lib.app,
      '/api/user/login',
      { username: trial!.username, passwd: trial!.password },
      { fingerprint: 'new' },
    );
    expect(t.status).toBe(200);
    expect(t.body.user_info).toMatchObject({ role: ['user'], plan: 'trial' });
    const p = await call<LoginResponse>(
      lib.app,
      '/api/user/login',
      { email: paid!.email, passwd: paid!.password },
      { fingerprint: 'new' },
    );
    expect(p.body.user_info).toMatchObject({ user_level: 'paid_v0', plan: 'paid_v0' });
    expect(p.body.user_info.user_level_expire_time).toBe('2027-11-21T10:00:00.000Z');
    const subs = await call<{ records: SubscriptionRecord[] }>(
      lib.app,
      '/api/user/subscriptions',
      {},
      { token: p.body.token },
    );
    expect(subs.body.records).toHaveLength(1);
    expect(subs.body.records[0]).toMatchObject({ plan: 'paid_v0', price_cny: 8400 });
    const a = await call(
      lib.app,
      '/api/user/login',
      { username: admin!.username, passwd: admin!.password },
      { fingerprint: 'new' },
    );
    expect(a.body).toMatchObject({ need_verification: true });
    // The administrator is on the institutional plan, without an end and without a purchase.
    const row = await lib.db
      .selectFrom('users')
      .select(['id', 'user_level', 'user_level_expire_time'])
      .where('username', '=', admin!.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_level: 'paid_v0', user_level_expire_time: null });
    expect(
      await lib.db.selectFrom('subscriptions').select('id').where('user_id', '=', row.id).execute(),
    ).toEqual([]);
  });
});
