import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoginResponse } from '@rl/contract';
import type { App } from '../src/http/server.js';
import { buildUser, loginToken } from './accounts.js';
import { ADMIN_PASSWORD } from './admin-helpers.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { openSecondInstance } from './second-instance.js';

/**
 * Logging out ends the session on the server: the console's own logout
 * (/api/manage/admin/logout), which refuses a user's token, and the user logout whichever kind of
 * token it carries; every instance refuses the token afterwards, and the account's other sessions
 * stay.
 */

let lib: TestLibrary;
let second: Awaited<ReturnType<typeof openSecondInstance>>;
beforeAll(async () => {
  lib = await openTestLibrary();
  second = await openSecondInstance(lib);
});
afterAll(async () => {
  await second.close();
  await lib.close();
});

let ipSeq = 0;
const nextIp = () => `10.89.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

/** An administrator with a user session and two console sessions (two browsers). */
async function administrator() {
  const a = await buildUser(lib.db, { password: ADMIN_PASSWORD, roles: ['admin', 'user'] });
  const consoleLogin = async () => {
    const r = await call<AdminLoginResponse>(
      lib.app,
      '/api/manage/admin/login',
      { username: a.username, passwd: ADMIN_PASSWORD },
      { ip: nextIp() },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.token;
  };
  return {
    user: await loginToken(lib, a.username, ADMIN_PASSWORD),
    console: await consoleLogin(),
    otherConsole: await consoleLogin(),
  };
}

const userStatus = async (app: App, token: string) =>
  (await call(app, '/api/user/info', {}, { token })).status;
const consoleStatus = async (app: App, token: string) =>
  (await call(app, '/api/manage/user/list', { page_id: 1, page_length: 5 }, { token })).status;
const consoleLogout = (token?: string) =>
  call(lib.app, '/api/manage/admin/logout', {}, token ? { token } : {});

describe('the console logout', () => {
  it('ends the console session on every instance; the other sessions stay', async () => {
    const a = await administrator();
    expect(await consoleStatus(second.app, a.console)).toBe(200);
    const r = await consoleLogout(a.console);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(await consoleStatus(lib.app, a.console)).toBe(401);
    expect(await consoleStatus(second.app, a.console)).toBe(401);
    expect(await consoleStatus(second.app, a.otherConsole)).toBe(200);
    expect(await userStatus(second.app, a.user)).toBe(200);
  });

  it('answers ok for a token already ended or unknown, and for none', async () => {
    const a = await administrator();
    expect((await consoleLogout(a.console)).status).toBe(200);
    expect(await consoleLogout(a.console)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await consoleLogout('made-up-token')).toMatchObject({ status: 200, body: { ok: true } });
    expect(await consoleLogout()).toMatchObject({ status: 200, body: { ok: true } });
    expect(await consoleStatus(lib.app, a.otherConsole)).toBe(200);
  });

  it("refuses a user's token like any console call, and the user's session stays", async () => {
    const a = await administrator();
    const plain = await buildUser(lib.db, { password: ADMIN_PASSWORD });
    const userToken = await loginToken(lib, plain.username, ADMIN_PASSWORD);
    for (const token of [a.user, userToken]) {
      const r = await consoleLogout(token);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'unauthorized' });
      expect(await userStatus(lib.app, token)).toBe(200);
    }
    expect(await consoleStatus(lib.app, a.console)).toBe(200);
  });

  it('refuses a body that is not an object, ending nothing', async () => {
    const a = await administrator();
    const r = await call(lib.app, '/api/manage/admin/logout', [1, 2], { token: a.console });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation' });
    expect(await consoleStatus(lib.app, a.console)).toBe(200);
  });
});

describe('the user logout', () => {
  it('with a console token ends that console session, not answering ok for nothing', async () => {
    const a = await administrator();
    const r = await call(lib.app, '/api/user/logout', {}, { token: a.console });
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    expect(await consoleStatus(lib.app, a.console)).toBe(401);
    expect(await consoleStatus(second.app, a.console)).toBe(401);
    expect(await consoleStatus(lib.app, a.otherConsole)).toBe(200);
    expect(await userStatus(lib.app, a.user)).toBe(200);
  });

  it('with a user token ends that session only, on every instance', async () => {
    const a = await administrator();
    const r = await call(second.app, '/api/user/logout', {}, { token: a.user });
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    expect(await userStatus(lib.app, a.user)).toBe(401);
    expect(await consoleStatus(lib.app, a.console)).toBe(200);
  });
});
