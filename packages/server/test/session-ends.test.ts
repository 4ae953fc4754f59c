import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoginResponse } from '@rl/contract';
import { tokenHash } from '../src/modules/auth/sessions.js';
import { buildUser, loginToken } from './accounts.js';
import { adminSession, ADMIN_PASSWORD, manageCall, type TestAdmin } from './admin-helpers.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

/**
 * Every session of an account ends, console sessions included, when its password changes (all
 * but the session that changed it), when it is disabled, deleted, demoted or its password is reset
 * by an administrator; a demoted administrator's console token never works again, even once the
 * role comes back.
 */

let lib: TestLibrary;
let boss: TestAdmin;
beforeAll(async () => {
  lib = await openTestLibrary();
  boss = await adminSession(lib, 'session_boss');
});
afterAll(() => lib.close());

let ipSeq = 0;
const nextIp = () => `10.66.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** A console login of an existing account: its token, or the failed answer's status. */
async function consoleLogin(username: string, passwd = ADMIN_PASSWORD): Promise<string> {
  const r = await call<AdminLoginResponse>(
    lib.app,
    '/api/manage/admin/login',
    { username, passwd },
    { ip: nextIp() },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token;
}

/** An administrator with two user sessions (two browsers) and a console session. */
async function adminWithSessions(name: string) {
  const a = await buildUser(lib.db, { username: name, password: ADMIN_PASSWORD, roles: ['admin', 'user'] });
  return {
    ...a,
    user: await loginToken(lib, a.username, ADMIN_PASSWORD, `fp-${name}-1`),
    otherUser: await loginToken(lib, a.username, ADMIN_PASSWORD, `fp-${name}-2`),
    console: await consoleLogin(a.username),
  };
}

const userWorks = async (token: string) => (await call(lib.app, '/api/user/info', {}, { token })).status;
const consoleWorks = async (token: string) =>
  (await manageCall(lib, 'user/list', { page_id: 1, page_length: 10 }, token)).status;
const manage = (path: string, body: unknown) => manageCall(lib, path, body, boss.token);

describe('a password change', () => {
  it('ends every other session of the account, its console sessions included; this one stays', async () => {
    const a = await adminWithSessions('psw_admin');
    expect([await userWorks(a.user), await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([
      200, 200, 200,
    ]);
    // A wrong current password changes nothing and ends nothing.
    const wrong = await call(
      lib.app,
      '/api/user/psw',
      { old_passwd: 'WrongPassw0rd', passwd: 'NewPassw0rd1' },
      { token: a.user },
    );
    expect(wrong.status).toBe(400);
    expect([await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([200, 200]);

    const r = await call(
      lib.app,
      '/api/user/psw',
      { old_passwd: ADMIN_PASSWORD, passwd: 'NewPassw0rd1' },
      { token: a.user },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await userWorks(a.user)).toBe(200);
    expect(await userWorks(a.otherUser)).toBe(401);
    expect(await consoleWorks(a.console)).toBe(401);
    // The console opens again with the new password only.
    const fresh = await consoleLogin(a.username, 'NewPassw0rd1');
    expect(await consoleWorks(fresh)).toBe(200);
  });
});

describe('the console ends every session of an account it', () => {
  it('disables (and they stay ended once it is enabled again)', async () => {
    const a = await adminWithSessions('disabled_admin');
    expect((await manage('user/active', { user_id: a.id, active: false })).status).toBe(200);
    expect([await userWorks(a.user), await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([
      401, 401, 401,
    ]);
    expect((await manage('user/active', { user_id: a.id, active: true })).status).toBe(200);
    expect([await userWorks(a.user), await consoleWorks(a.console)]).toEqual([401, 401]);
  });

  it('deletes', async () => {
    const a = await adminWithSessions('deleted_admin');
    expect((await manage('user/delete', { user_id: a.id })).status).toBe(200);
    expect([await userWorks(a.user), await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([
      401, 401, 401,
    ]);
  });

  it('gives a new password', async () => {
    const a = await adminWithSessions('reset_admin');
    expect((await manage('user/password', { user_id: a.id, passwd: 'ResetPassw0rd' })).status).toBe(200);
    expect([await userWorks(a.user), await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([
      401, 401, 401,
    ]);
  });

  it('demotes; the old console token stays dead when the admin role comes back', async () => {
    const a = await adminWithSessions('demoted_admin');
    const demote = await manage('user/edit', { user_id: a.id, role: ['user'] });
    expect(demote.status, JSON.stringify(demote.body)).toBe(200);
    expect([await userWorks(a.user), await userWorks(a.otherUser), await consoleWorks(a.console)]).toEqual([
      401, 401, 401,
    ]);
    const live = await lib.db
      .selectFrom('admin_sessions')
      .select('token_hash')
      .where('admin_id', '=', a.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    expect((await manage('user/edit', { user_id: a.id, role: ['user', 'admin'] })).status).toBe(200);
    expect([await userWorks(a.user), await consoleWorks(a.console)]).toEqual([401, 401]);
    // Only a new login opens the console again.
    const fresh = await consoleLogin(a.username);
    expect(await consoleWorks(fresh)).toBe(200);
    expect(await consoleWorks(a.console)).toBe(401);
  });

  it('promotes: a console session left from before (a login that straddled a demotion) ends', async () => {
    const a = await buildUser(lib.db, { username: 'straddle_user', roles: ['user'] });
    // A console session of an account that is no administrator now: what a console login
    // checked just before the demotion committed would leave behind.
    const stale = 'straddling-console-token-0123456789';
    const now = lib.clock.now();
    await lib.db
      .insertInto('admin_sessions')
      .values({
        token_hash: tokenHash(stale),
        admin_id: a.id,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 3600_000).toISOString(),
      })
      .execute();
    expect(await consoleWorks(stale)).toBe(401);
    expect((await manage('user/edit', { user_id: a.id, role: ['user', 'admin'] })).status).toBe(200);
    expect(await consoleWorks(stale)).toBe(401);
    const ended = await lib.db
      .selectFrom('admin_sessions')
      .select('revoked_at')
      .where('token_hash', '=', tokenHash(stale))
      .executeTakeFirstOrThrow();
    expect(ended.revoked_at).not.toBeNull();
  });
});
