import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoginResponse } from '@rl/contract';
import type { App } from '../src/http/server.js';
import { tokenHash } from '../src/modules/auth/sessions.js';
import { buildUser, loginToken } from './accounts.js';
import { ADMIN_PASSWORD } from './admin-helpers.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { openSecondInstance } from './second-instance.js';

/**
 * Inactivity timeouts: a user session unused for SESSION_IDLE_DAYS (7) and a console session
 * unused for CONSOLE_IDLE_MINUTES (30) stop working, whatever their absolute lifetime left; a
 * session in use lives on until that lifetime; every instance reading the database agrees; a
 * use writes last_used_at only once per few minutes.
 */

const T0 = '2026-11-21T10:00:00.000Z';
const DAY_S = 86_400;

let ipSeq = 0;
const nextIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function clockOf(lib: TestLibrary) {
  return {
    /** Sets the clock `seconds` after T0. */
    at: (seconds: number) => lib.clock.set(new Date(Date.parse(T0) + seconds * 1000).toISOString()),
  };
}

async function userSession(lib: TestLibrary) {
  const u = await buildUser(lib.db);
  return loginToken(lib, u.username, u.password);
}

async function consoleSession(lib: TestLibrary): Promise<string> {
  const a = await buildUser(lib.db, { password: ADMIN_PASSWORD, roles: ['admin', 'user'] });
  const r = await call<AdminLoginResponse>(
    lib.app,
    '/api/manage/admin/login',
    { username: a.username, passwd: ADMIN_PASSWORD },
    { ip: nextIp() },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token;
}

const userStatus = async (app: App, token: string) =>
  (await call(app, '/api/user/info', {}, { token })).status;
const consoleStatus = async (app: App, token: string) =>
  (await call(app, '/api/manage/user/list', { page_id: 1, page_length: 5 }, { token })).status;

describe('with the default timeouts', () => {
  let lib: TestLibrary;
  let second: Awaited<ReturnType<typeof openSecondInstance>>;
  let clock: ReturnType<typeof clockOf>;
  beforeAll(async () => {
    lib = await openTestLibrary();
    second = await openSecondInstance(lib);
    clock = clockOf(lib);
  });
  afterAll(async () => {
    await second.close();
    await lib.close();
  });

  it('ends a user session unused for 7 days, long before its 30-day lifetime', async () => {
    clock.at(0);
    const idle = await userSession(lib);
    const used = await userSession(lib);
    clock.at(7 * DAY_S - 60);
    expect(await userStatus(lib.app, used)).toBe(200);
    clock.at(7 * DAY_S);
    expect(await userStatus(lib.app, idle)).toBe(401);
    expect(await userStatus(second.app, idle)).toBe(401);
    // The other one was used a minute ago.
    expect(await userStatus(lib.app, used)).toBe(200);
  });

  it('keeps a session in use alive until its lifetime, on whichever instance it is used', async () => {
    clock.at(0);
    const token = await userSession(lib);
    // Used every 6 days, alternately through each instance: each sees the other's use.
    for (let day = 6, i = 0; day < 30; day += 6, i++) {
      clock.at(day * DAY_S);
      expect(await userStatus(i % 2 === 0 ? second.app : lib.app, token), `day ${day}`).toBe(200);
    }
    clock.at(29 * DAY_S);
    expect(await userStatus(lib.app, token)).toBe(200);
    // The absolute lifetime still ends it.
    clock.at(30 * DAY_S + 1);
    expect(await userStatus(second.app, token)).toBe(401);
    expect(await userStatus(lib.app, token)).toBe(401);
  });

  it('ends a console session unused for 30 minutes, long before its 12 hours', async () => {
    clock.at(0);
    const idle = await consoleSession(lib);
    const used = await consoleSession(lib);
    clock.at(20 * 60);
    expect(await consoleStatus(second.app, used)).toBe(200);
    clock.at(30 * 60);
    expect(await consoleStatus(lib.app, idle)).toBe(401);
    expect(await consoleStatus(second.app, idle)).toBe(401);
    // Used 10 minutes ago (through the other instance): still open, and open 29 minutes on.
    expect(await consoleStatus(lib.app, used)).toBe(200);
    clock.at(49 * 60);
    expect(await consoleStatus(lib.app, used)).toBe(200);
    clock.at(79 * 60);
    expect(await consoleStatus(second.app, used)).toBe(401);
  });

  it('records a use at most every 5 minutes (user) and every 3 minutes (console)', async () => {
    clock.at(0);
    const user = await userSession(lib);
    const admin = await consoleSession(lib);
    const lastUsed = async () => ({
      user: (
        await lib.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', tokenHash(user))
          .executeTakeFirstOrThrow()
      ).last_used_at,
      admin: (
        await lib.db
          .selectFrom('admin_sessions')
          .select('last_used_at')
          .where('token_hash', '=', tokenHash(admin))
          .executeTakeFirstOrThrow()
      ).last_used_at,
    });
    const iso = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
    const useBoth = async (seconds: number) => {
      clock.at(seconds);
      expect(await userStatus(lib.app, user)).toBe(200);
      expect(await consoleStatus(lib.app, admin)).toBe(200);
    };
    await useBoth(60);
    await useBoth(170);
    expect(await lastUsed()).toEqual({ user: iso(0), admin: iso(0) });
    await useBoth(180);
    expect(await lastUsed()).toEqual({ user: iso(0), admin: iso(180) });
    await useBoth(300);
    expect(await lastUsed()).toEqual({ user: iso(300), admin: iso(180) });
    // A process whose clock lags never moves the recorded use back.
    await useBoth(0);
    expect(await lastUsed()).toEqual({ user: iso(300), admin: iso(180) });
  });
});

describe('with SESSION_IDLE_DAYS=2 and CONSOLE_IDLE_MINUTES=10', () => {
  let lib: TestLibrary;
  let clock: ReturnType<typeof clockOf>;
  beforeAll(async () => {
    lib = await openTestLibrary({ SESSION_IDLE_DAYS: '2', CONSOLE_IDLE_MINUTES: '10' });
    clock = clockOf(lib);
  });
  afterAll(() => lib.close());

  it('ends the sessions after the configured inactivity', async () => {
    clock.at(0);
    const user = await userSession(lib);
    const admin = await consoleSession(lib);
    clock.at(9 * 60);
    expect(await consoleStatus(lib.app, admin)).toBe(200);
    clock.at(19 * 60);
    expect(await consoleStatus(lib.app, admin)).toBe(401);
    clock.at(2 * DAY_S - 60);
    expect(await userStatus(lib.app, user)).toBe(200);
    clock.at(4 * DAY_S - 60);
    expect(await userStatus(lib.app, user)).toBe(401);
  });
});
