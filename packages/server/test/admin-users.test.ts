import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  type AdminUserDeleteResponse,
  type AdminUserListResponse,
  type DashboardStatusResponse,
  type AdminUserResponse,
  type FileDetailResponse,
  type LoginResponse,
  type SearchResponse,
} from '@rl/contract';
import { sql } from 'kysely';
import { buildUser } from './accounts.js';
import {
  adminSession,
  auditOf,
  expectGuarded,
  fileWithBytes,
  manageCall,
  type TestAdmin,
} from './admin-helpers.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { expect400, paidUser, trialUser, userWithToken } from './library-helpers.js';
import { storedBlobs } from './upload-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';

let lib: TestLibrary;
let admin: TestAdmin;
beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminSession(lib, 'users_admin');
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

const manage = <T = Record<string, unknown>>(path: string, body: unknown, token = admin.token) =>
  manageCall<T>(lib, path, body, token);
const userRow = (id: string) =>
  lib.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const info = (token: string) => call(lib.app, '/api/user/info', {}, { token });
let ip = 0;
const login = (username: string, passwd: string) =>
  call<LoginResponse>(
    lib.app,
    '/api/user/login',
    { username, passwd },
    { fingerprint: 'fp-test', ip: `10.88.0.${++ip}` },
  );
const liveSessions = async (userId: string) =>
  (
    await lib.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

describe('the admin guard', () => {
  it('refuses edit, active, delete and password without a token and with a user token (401)', async () => {
    const u = await trialUser(lib);
    const before = await userRow(u.id);
    await expectGuarded(lib, u.token, [
      ['user/edit', { user_id: u.id, username: 'guarded_name' }],
      ['user/active', { user_id: u.id, active: false }],
      ['user/delete', { user_id: u.id }],
      ['user/password', { user_id: u.id, passwd: 'NewPassw0rd' }],
    ]);
    expect(await userRow(u.id)).toEqual(before);
    expect((await info(u.token)).status).toBe(200);
  });
});

describe('user/edit', () => {
  it('changes username, e-mail and roles, and records the changed fields before and after', async () => {
    const u = await buildUser(lib.db, { username: 'edit_me', email: 'edit_me@example.com' });
    const r = await manage<AdminUserResponse>('user/edit', {
      user_id: u.id,
      username: 'edited_name',
      email: 'Edited@Example.com',
      role: ['user', 'admin', 'user'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user).toMatchObject({
      id: u.id,
      username: 'edited_name',
      email: 'edited@example.com',
      role: ['user', 'admin'],
    });
    // The new name logs in; the old one no longer does.
    expect((await login('edited_name', u.password)).status).toBe(200);
    expect((await login('edit_me', u.password)).status).toBe(400);
    const audit = await auditOf(lib, u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.edit',
      admin_id: admin.id,
      target_type: 'user',
      before: { username: 'edit_me', email: 'edit_me@example.com', role: ['user'] },
      after: { username: 'edited_name', email: 'edited@example.com', role: ['user', 'admin'] },
    });
    // Nothing to change: no audit row.
    expect((await manage('user/edit', { user_id: u.id, username: 'edited_name' })).status).toBe(200);
    expect(await auditOf(lib, u.id)).toHaveLength(1);
  });

  it('refuses a username or e-mail another account holds (400 already_exists with the field)', async () => {
    const holder = await buildUser(lib.db, { username: 'taken_name', email: 'taken@example.com' });
    const u = await buildUser(lib.db);
    const before = await userRow(u.id);
    for (const [body, field] of [
      [{ username: 'TAKEN_NAME' }, 'username'],
      [{ email: 'Taken@Example.com' }, 'email'],
    ] as const) {
      const r = await manage('user/edit', { user_id: u.id, ...body });
      expect400(r, field);
      expect(r.body.code).toBe(ERROR_CODES.alreadyExists);
    }
    expect(await userRow(u.id)).toEqual(before);
    expect((await userRow(holder.id)).username).toBe('taken_name');
    expect(await auditOf(lib, u.id)).toEqual([]);
  });

  it('keeps a way to receive login codes: the e-mail goes only when a mobile remains', async () => {
    const emailOnly = await buildUser(lib.db);
    expect400(await manage('user/edit', { user_id: emailOnly.id, email: null }), 'email');
    expect((await userRow(emailOnly.id)).email).toBe(emailOnly.email);
    const both = await buildUser(lib.db, { phone: '13900139000' });
    const r = await manage<AdminUserResponse>('user/edit', { user_id: both.id, email: null });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ email: null, phone: '13900139000' });
  });

  it('bad input: 400 with the field, 404 for an unknown user, 400 for removing my own admin role', async () => {
    const u = await buildUser(lib.db);
    expect400(await manage('user/edit', { user_id: u.id, username: 'a b' }), 'username');
    expect400(await manage('user/edit', { user_id: u.id, email: 'not-an-email' }), 'email');
    expect400(await manage('user/edit', { user_id: u.id, role: ['root'] }), 'role.0');
    expect400(await manage('user/edit', { user_id: u.id, role: [] }), 'role');
    expect400(await manage('user/edit', { user_id: '', username: 'x_name' }), 'user_id');
    const unknown = await manage('user/edit', { user_id: 'u_nobody', username: 'ghost_name' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error_msg: 'User not found', code: 'user_not_found' });
    expect400(await manage('user/edit', { user_id: admin.id, role: ['user'] }), 'role');
    expect((await userRow(admin.id)).role).toBe('["admin","user"]');
    expect(await auditOf(lib, u.id)).toEqual([]);
  });
});

describe('user/active', () => {
  it('disabling ends every session at once and refuses the login; enabling lets the user log in again', async () => {
    const u = await userWithToken(lib, { password: 'Passw0rdOk' });
    const second = await login(u.username, 'Passw0rdOk');
    expect(second.status).toBe(200);
    expect((await info(u.token)).status).toBe(200);

    const off = await manage<AdminUserResponse>('user/active', { user_id: u.id, active: false });
    expect(off.status).toBe(200);
    expect(off.body.user.status).toBe('disabled');
    expect((await info(u.token)).status).toBe(401);
    expect((await info(second.body.token)).status).toBe(401);
    expect(await liveSessions(u.id)).toBe(0);
    const refused = await login(u.username, 'Passw0rdOk');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: ERROR_CODES.accountDisabled });

    const on = await manage<AdminUserResponse>('user/active', { user_id: u.id, active: true });
    expect(on.body.user.status).toBe('active');
    // The old sessions stay ended; a new login works.
    expect((await info(u.token)).status).toBe(401);
    const again = await login(u.username, 'Passw0rdOk');
    expect(again.status).toBe(200);
    expect((await info(again.body.token)).status).toBe(200);

    const audit = await auditOf(lib, u.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.active', { status: 'active' }, { status: 'disabled', sessions_revoked: 2 }],
      ['user.active', { status: 'disabled' }, { status: 'active', sessions_revoked: 0 }],
    ]);
  });

  it('a disabled administrator loses the console at once', async () => {
    const other = await adminSession(lib);
    expect((await manage('user/list', {}, other.token)).status).toBe(200);
    expect((await manage('user/active', { user_id: other.id, active: false })).status).toBe(200);
    expect((await manage('user/list', {}, other.token)).status).toBe(401);
  });

  it('refuses to disable my own account (400), an unknown user (404) and bad input (400)', async () => {
    expect400(await manage('user/active', { user_id: admin.id, active: false }), 'user_id');
    expect((await userRow(admin.id)).status).toBe('active');
    expect((await manage('user/active', { user_id: 'u_nobody', active: false })).status).toBe(404);
    expect400(await manage('user/active', { user_id: admin.id, active: 'no' }), 'active');
    expect400(await manage('user/active', { active: true }), 'user_id');
    expect(await auditOf(lib, admin.id)).toEqual([]);
  });
});

describe('user/password', () => {
  it('sets a new password: the old one fails, the new one works, the old sessions end', async () => {
    const u = await userWithToken(lib, { password: 'OldPassw0rd' });
    const r = await manage<AdminUserResponse>('user/password', { user_id: u.id, passwd: 'NewPassw0rd' });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(u.id);
    expect((await info(u.token)).status).toBe(401);
    expect((await login(u.username, 'OldPassw0rd')).status).toBe(400);
    expect((await login(u.username, 'NewPassw0rd')).status).toBe(200);
    const audit = await auditOf(lib, u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.password',
      before: { live_sessions: 1 },
      after: { password: 'reset', live_sessions: 0 },
    });
    expect(audit[0]?.after_json).not.toContain('NewPassw0rd');
  });

  it('bad input: a weak password 400 (passwd), an unknown user 404; nothing changes', async () => {
    const u = await userWithToken(lib);
    const before = await userRow(u.id);
    expect400(await manage('user/password', { user_id: u.id, passwd: 'short' }), 'passwd');
    expect400(await manage('user/password', { user_id: u.id, passwd: 'alllowercase1' }), 'passwd');
    expect((await manage('user/password', { user_id: 'u_nobody', passwd: 'NewPassw0rd' })).status).toBe(404);
    expect(await userRow(u.id)).toEqual(before);
    expect((await info(u.token)).status).toBe(200);
  });
});

describe('user/delete', () => {
  const search = async (keyword: string, token: string) => {
    const r = await call<SearchResponse>(lib.app, '/api/file/search', { keyword }, { token });
    expect(r.status).toBe(200);
    return r.body.file_list.map((f) => f.id);
  };
  const ftsRows = async (table: 'files_fts' | 'private_fts', seq: number) =>
    Number(
      (
        await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE rowid = ${seq}`.execute(
          lib.db,
        )
      ).rows[0]?.n,
    );

  it('anonymises the account, removes its private uploads and library, keeps the public data', async () => {
    const u = await userWithToken(lib, {
      username: 'leaving_user',
      phone: '13700137000',
      level: 'paid_v0',
      password: 'Passw0rdOk',
    });
    const reader = await paidUser(lib);
    // Two private uploads: one with bytes of its own, one whose bytes the library also holds.
    const privOwn = await fileWithBytes(lib, 7, { ownerId: u.id, title: 'Zanzibar private memo' });
    const privShared = await fileWithBytes(lib, 8, { ownerId: u.id, title: 'Quokka private memo' });
    const [own, shared] = [privOwn, privShared];
    const libraryCopy = await buildFile(lib.db, { sha256: shared.sha256, title: 'Quokka library copy' });
    // A file they published, and a library file they and the reader starred.
    const published = await buildFile(lib.db, {
      ownerId: u.id,
      visibility: 'public',
      title: 'Narwhal published',
    });
    await lib.db
      .updateTable('files')
      .set({ upload_user: 'leaving_user' })
      .where('id', '=', published.id)
      .execute();
    const starred = await buildFile(lib.db, { title: 'Starred by both' });
    for (const t of [u.token, reader.token])
      expect(
        (await call(lib.app, '/api/file/star', { file_id: starred.id, active_star: true }, { token: t }))
          .status,
      ).toBe(200);
    expect(
      (
        await call(
          lib.app,
          '/api/file/issuer_star',
          { issuer: 'Northbridge Securities', active_star: true },
          { token: u.token },
        )
      ).status,
    ).toBe(200);
    const coll = await call<{ collection: { id: string } }>(
      lib.app,
      '/api/file/collection/create',
      { name: 'Mine' },
      { token: u.token },
    );
    expect(coll.status, JSON.stringify(coll.body)).toBe(200);
    await lib.db
      .insertInto('downloads')
      .values({
        user_id: u.id,
        username: 'leaving_user',
        file_id: starred.id,
        file_name: 'x.pdf',
        size_bytes: 1,
        ip: '10.0.0.1',
        created_at: NOW,
      })
      .execute();
    expect(await search('Zanzibar', u.token)).toEqual([privOwn.id]);

    const r = await manage<AdminUserDeleteResponse>('user/delete', { user_id: u.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ user_id: u.id, files_removed: 2 });

    // Nobody can log in, no personal data remains.
    expect((await info(u.token)).status).toBe(401);
    expect((await login('leaving_user', 'Passw0rdOk')).status).toBe(400);
    expect((await login('leaving_user@example.com', 'Passw0rdOk')).status).toBe(400);
    const row = await userRow(u.id);
    expect(row).toMatchObject({
      email: null,
      phone: null,
      phone_country_code: null,
      status: 'disabled',
      settings: '{}',
      role: '["user"]',
      user_level: 'trial',
    });
    expect(row.username).toMatch(/^deleted_[0-9a-f]{12}$/);
    expect((await login(row.username, 'Passw0rdOk')).status).toBe(400);
    for (const t of ['sessions', 'known_devices', 'file_stars', 'follows', 'collections'] as const) {
      const n = await lib.db
        .selectFrom(t)
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), t).toBe(0);
    }
    const history = await lib.db.selectFrom('downloads').selectAll().where('user_id', '=', u.id).execute();
    expect(history.map((h) => h.username)).toEqual([row.username]);

    // Private uploads: rows, index entries and their own bytes gone; shared bytes kept.
    for (const f of [privOwn, privShared]) {
      expect(
        await lib.db.selectFrom('files').select('id').where('id', '=', f.id).executeTakeFirst(),
      ).toBeUndefined();
      expect(await ftsRows('private_fts', f.seq)).toBe(0);
    }
    expect(storedBlobs(lib)).not.toContain(own.sha256);
    expect(storedBlobs(lib)).toContain(shared.sha256);

    // Public data intact: the published file (anonymous owner, no uploader name), the library copy, stars.
    const pub = await lib.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', published.id)
      .executeTakeFirstOrThrow();
    expect(pub).toMatchObject({ owner_id: u.id, upload_user: null, visibility: 'public' });
    expect(await search('Narwhal', reader.token)).toEqual([published.id]);
    expect(await search('Quokka', reader.token)).toEqual([libraryCopy.id]);
    const d = await call<FileDetailResponse>(
      lib.app,
      '/api/file/file_detail',
      { file_id: starred.id },
      { token: reader.token },
    );
    expect(d.body.starred).toBe(true);
    expect(
      (
        await lib.db
          .selectFrom('files')
          .select('stars')
          .where('id', '=', starred.id)
          .executeTakeFirstOrThrow()
      ).stars,
    ).toBe(1);

    const audit = await auditOf(lib, u.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'user.delete',
      admin_id: admin.id,
      before: { username: 'leaving_user', status: 'active', user_level: 'paid_v0' },
      after: {
        username: row.username,
        status: 'disabled',
        files_removed: 2,
        stars: 1,
        follows: 1,
        collections: 1,
      },
    });
  });

  it('refuses to delete my own account (400) and an unknown user (404)', async () => {
    expect400(await manage('user/delete', { user_id: admin.id }), 'user_id');
    expect((await userRow(admin.id)).username).toBe('users_admin');
    expect((await manage('user/delete', { user_id: 'u_nobody' })).status).toBe(404);
    expect400(await manage('user/delete', { user_id: 'u_<x>' }), 'user_id');
    expect(await auditOf(lib, admin.id)).toEqual([]);
  });
});

describe('deleted accounts in the console', () => {
  const list = async (body: Record<string, unknown>) => {
    const r = await manage<AdminUserListResponse>('user/list', { page_length: 100, ...body });
    expect(r.status).toBe(200);
    return r.body;
  };
  const usersCounted = async () => {
    const r = await call<DashboardStatusResponse>(lib.app, '/api/manage/dashboard/status', undefined, {
      method: 'GET',
      token: admin.token,
    });
    expect(r.status).toBe(200);
    return r.body.users.total;
  };

  it('are hidden and not counted by default; the "deleted" status lists them, marked, and nothing applies to them', async () => {
    const u = await buildUser(lib.db, { username: 'soon_gone_user' });
    const counted = await usersCounted();
    expect((await list({ keyword: 'soon_gone_user' })).user_list.map((x) => x.deleted)).toEqual([false]);
    expect((await manage('user/delete', { user_id: u.id })).status).toBe(200);
    const { username } = await userRow(u.id);

    expect(await usersCounted()).toBe(counted - 1);
    for (const status of [undefined, 'disabled'])
      expect((await list({ status })).user_list.map((x) => x.id)).not.toContain(u.id);
    const deleted = await list({ status: 'deleted' });
    expect(deleted.user_list).toContainEqual(expect.objectContaining({ id: u.id, username, deleted: true }));
    expect(deleted.user_list.every((x) => x.deleted)).toBe(true);
    expect(deleted.total_items).toBe(deleted.user_list.length);

    const before = await userRow(u.id);
    for (const [path, body] of [
      ['user/active', { user_id: u.id, active: true }],
      ['user/edit', { user_id: u.id, email: 'back@example.com' }],
      ['user/delete', { user_id: u.id }],
    ] as const)
      expect((await manage(path, body)).status, path).toBe(404);
    expect(await userRow(u.id)).toEqual(before);
  });

  it('an unknown status is refused (400) and changes nothing', async () => {
    expect400(await manage('user/list', { status: 'gone' }), 'status');
  });

  it('a not-activated account can be activated', async () => {
    const u = await buildUser(lib.db, { username: 'not_yet_active', status: 'inactive' });
    const r = await manage<AdminUserResponse>('user/active', { user_id: u.id, active: true });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ status: 'active', deleted: false });
  });
});
