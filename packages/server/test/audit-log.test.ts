import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '@rl/contract';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { adminSession, manageCall, type TestAdmin } from './admin-helpers.js';
import { paidUser, type TestUser } from './library-helpers.js';

/**
 * The console's audit log names what each entry is about and who acted in what capacity: a
 * report by its title (the one it had when deleted, once it is gone), an owner's own corrections
 * as the owner's, an administrator's as an administrator's.
 */
let lib: TestLibrary;
let admin: TestAdmin;
let owner: TestUser;

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminSession(lib);
  owner = await paidUser(lib);
});
afterAll(() => lib.close());

const entriesAbout = async (targetId: string) => {
  const r = await manageCall<AuditListResponse>(lib, 'audit/list', { target_id: targetId }, admin.token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items;
};

describe('audit/list', () => {
  it("names the report by its title and the actor's capacity: owner or administrator", async () => {
    const f = await buildFile(lib.db, { title: 'Kestrel outlook', ownerId: owner.id });
    const mine = await call(
      lib.app,
      '/api/file/myfiles/edit',
      { file_id: f.id, document_title: 'Kestrel 2027' },
      {
        token: owner.token,
      },
    );
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const edited = await manageCall(
      lib,
      'file/edit',
      { file_id: f.id, title: 'Kestrel 2027 outlook' },
      admin.token,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const entries = await entriesAbout(f.id);
    expect(entries.map((e) => [e.admin_username, e.actor_role, e.report])).toEqual([
      [admin.username, 'admin', { id: f.id, title: 'Kestrel 2027 outlook', deleted: false }],
      [owner.username, 'owner', { id: f.id, title: 'Kestrel 2027 outlook', deleted: false }],
    ]);
  });

  it('says a deleted report is deleted, with the title it had', async () => {
    const f = await buildFile(lib.db, { title: 'Osprey note' });
    expect(
      (await manageCall(lib, 'file/edit', { file_id: f.id, title: 'Osprey note, revised' }, admin.token))
        .status,
    ).toBe(200);
    expect((await manageCall(lib, 'file/delete', { file_id: f.id }, admin.token)).status).toBe(200);
    const entries = await entriesAbout(f.id);
    expect(entries.map((e) => [e.action, e.report])).toEqual([
      ['file.delete', { id: f.id, title: 'Osprey note, revised', deleted: true }],
      ['file.edit', { id: f.id, title: 'Osprey note, revised', deleted: true }],
    ]);
  });

  it('names no report for entries about anything else', async () => {
    const u = await paidUser(lib);
    expect((await manageCall(lib, 'user/refresh', { user_id: u.id }, admin.token)).status).toBe(200);
    const [entry] = await entriesAbout(u.id);
    expect(entry).toMatchObject({ target_type: 'user', actor_role: 'admin', report: null });
  });
});
