import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildUser } from './accounts.js';
import { loginToken } from './accounts.js';
import { adminSession } from './admin-helpers.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What /api/docs shows a stranger, a user and an administrator, in each API_DOCS mode. */

const get = (lib: TestLibrary, url: string, token?: string) =>
  lib.app.inject({
    method: 'GET',
    url,
    remoteAddress: '203.0.113.20',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

const pathsOf = (body: string) => Object.keys((JSON.parse(body) as { paths: object }).paths);
const consolePaths = (paths: string[]) => paths.filter((p) => p.startsWith('/api/manage/'));

async function tokens(lib: TestLibrary) {
  const admin = await adminSession(lib);
  const user = await buildUser(lib.db, {});
  return { admin: admin.token, user: await loginToken(lib, user.username) };
}

describe('API_DOCS=public (the default outside production)', () => {
  let lib: TestLibrary;
  let t: { admin: string; user: string };
  beforeAll(async () => {
    lib = await openTestLibrary();
    t = await tokens(lib);
  });
  afterAll(() => lib.close());

  it('lists the public API to anyone, without a single console route', async () => {
    for (const token of [undefined, t.user]) {
      const res = await get(lib, '/api/docs/json', token);
      expect(res.statusCode).toBe(200);
      const paths = pathsOf(res.body);
      expect(paths).toEqual(expect.arrayContaining(['/api/file/search', '/api/health']));
      expect(consolePaths(paths)).toEqual([]);
      const yaml = await get(lib, '/api/docs/yaml', token);
      expect(yaml.statusCode).toBe(200);
      expect(yaml.body).not.toContain('/api/manage/');
    }
    expect((await get(lib, '/api/docs')).statusCode).toBe(200);
  });

  it("lets only Swagger UI's own page use inline styles", async () => {
    const ui = await get(lib, '/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await get(lib, '/api/health');
    // An API answer is no page: it allows no style element at all.
    expect(api.headers['content-security-policy']).toMatch(/(^|;)style-src 'self'(;|$)/);
  });

  it("lists the console's routes to an administrator's token", async () => {
    const res = await get(lib, '/api/docs/json', t.admin);
    expect(res.statusCode).toBe(200);
    expect(consolePaths(pathsOf(res.body))).toEqual(
      expect.arrayContaining(['/api/manage/admin/login', '/api/manage/file/list']),
    );
    // The stranger's view is not spoiled by the administrator's (the document is copied per request).
    expect(consolePaths(pathsOf((await get(lib, '/api/docs/json')).body))).toEqual([]);
  });
});

describe('API_DOCS=admin (the default in production)', () => {
  let lib: TestLibrary;
  let t: { admin: string; user: string };
  beforeAll(async () => {
    lib = await openTestLibrary({ API_DOCS: 'admin' });
    t = await tokens(lib);
  });
  afterAll(() => lib.close());

  it('answers 404 to a stranger and to a user, for the document and the UI alike', async () => {
    for (const token of [undefined, t.user, 'not-a-token']) {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await get(lib, url, token);
        expect(res.statusCode, `${url} ${token ?? 'anonymous'}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
    }
  });

  it('serves the whole document, console included, to an administrator', async () => {
    const res = await get(lib, '/api/docs/json', t.admin);
    expect(res.statusCode).toBe(200);
    expect(consolePaths(pathsOf(res.body)).length).toBeGreaterThan(10);
  });
});

describe('API_DOCS=off', () => {
  let lib: TestLibrary;
  let admin: string;
  beforeAll(async () => {
    lib = await openTestLibrary({ API_DOCS: 'off' });
    admin = (await adminSession(lib)).token;
  });
  afterAll(() => lib.close());

  it('serves no documentation at all, not even to an administrator', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      expect((await get(lib, url)).statusCode).toBe(404);
      // No such route: the admin token is then read as a (stale) user login, 401.
      expect((await get(lib, url, admin)).statusCode).toBe(401);
    }
  });
});

describe('the API_DOCS setting', () => {
  it('defaults to admin in production and public elsewhere, and refuses other values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rl-docs-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dir }).apiDocs).toBe('public');
      expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).apiDocs).toBe('admin');
      expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe(
        'public',
      );
      expect(() => loadConfig({ DATA_DIR: dir, API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
