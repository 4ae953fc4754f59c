import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthDetails } from '@rl/contract';
import { buildUser, loginToken } from './accounts.js';
import { adminSession } from './admin-helpers.js';
import { openTestLibrary, type TestLibrary } from './harness.js';

/**
 * /api/health over real HTTP: a stranger learns only whether the instance serves; version, counts
 * and backlog need an administrator's token or a request from the machine itself.
 */
describe('who reads what of /api/health', () => {
  let lib: TestLibrary;
  let behindProxy: TestLibrary;
  let url: string;
  let proxiedUrl: string;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    lib = await openTestLibrary();
    url = await lib.app.listen({ port: 0, host: '127.0.0.1' });
    behindProxy = await openTestLibrary({ TRUST_PROXY: '127.0.0.1' });
    proxiedUrl = await behindProxy.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await adminSession(lib)).token;
    user = await loginToken(lib, (await buildUser(lib.db, {})).username);
  }, 60_000);
  afterAll(async () => {
    await lib.close();
    await behindProxy.close();
  });

  /** A request from another machine: inject sets the peer address a socket cannot fake here. */
  const remote = (token?: string) =>
    lib.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '198.51.100.23',
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('tells a stranger and a user only whether it serves', async () => {
    for (const token of [undefined, user]) {
      const res = await remote(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', llm_configured: false });
    }
  });

  it("gives the details to an administrator's token from anywhere", async () => {
    const res = await remote(admin);
    expect(res.statusCode).toBe(200);
    expect(HealthDetails.parse(res.json())).toMatchObject({ database: 'ok', version: expect.any(String) });
  });

  it('gives the details to a request from this machine (real socket on loopback)', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(HealthDetails.parse(await res.json())).toMatchObject({ status: 'ok', files: { ready: 0 } });
  });

  it('does not take a request relayed by a proxy on this machine for a local one', async () => {
    // Without TRUST_PROXY a local reverse proxy makes every visitor look local: its header says not.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await fetch(`${url}/api/health`, {
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      });
      expect(await res.json(), header).toEqual({ status: 'ok', llm_configured: false });
    }
  });

  it('behind a trusted proxy, reads the client from X-Forwarded-For', async () => {
    const via = (xff: string) =>
      fetch(`${proxiedUrl}/api/health`, { headers: { 'x-forwarded-for': xff } }).then((r) => r.json());
    expect(await via('203.0.113.9')).toEqual({ status: 'ok', llm_configured: false });
    // A client cannot claim to be local: the proxy appends the address it saw.
    expect(await via('127.0.0.1, 203.0.113.9')).toEqual({ status: 'ok', llm_configured: false });
    // The proxy's own probe (it forwards for 127.0.0.1) is local.
    expect(HealthDetails.safeParse(await via('127.0.0.1')).success).toBe(true);
  });
});
