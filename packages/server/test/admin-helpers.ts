import { expect } from 'vitest';
import type { AdminLoginResponse, DmcaStatus } from '@rl/contract';
import type { Db } from '../src/db/database.js';
import { buildUser } from './accounts.js';
import { buildFile, type FileSpec } from './factories.js';
import { call, type TestLibrary } from './harness.js';
import { REAL_PDF } from './library-helpers.js';
import { padPdf } from './upload-helpers.js';

/** Helpers of the console tests: an administrator's session, console calls, the audit rows. */

export const ADMIN_PASSWORD = 'Adm1nPassw0rd';

export interface TestAdmin {
  id: string;
  username: string;
  token: string;
}

let ipCounter = 0;

/** An administrator account, logged in through /api/manage/admin/login (each from its own address). */
export async function adminSession(lib: TestLibrary, username?: string): Promise<TestAdmin> {
  const a = await buildUser(lib.db, { username, password: ADMIN_PASSWORD, roles: ['admin', 'user'] });
  ipCounter++;
  const r = await call<AdminLoginResponse>(
    lib.app,
    '/api/manage/admin/login',
    { username: a.username, passwd: ADMIN_PASSWORD },
    { ip: `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}` },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: a.id, username: a.username, token: r.body.token };
}

/** A console call (`/api/manage/<path>`), with the token given if any. */
export const manageCall = <T = Record<string, unknown>>(
  lib: TestLibrary,
  path: string,
  body: unknown,
  token?: string,
) => call<T>(lib.app, `/api/manage/${path}`, body, token ? { token } : {});

/** The audit rows about one target, oldest first, with before and after parsed. */
export async function auditOf(lib: TestLibrary, targetId: string) {
  const rows = await lib.db
    .selectFrom('admin_audit')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as Record<string, unknown>),
    after: r.after_json === null ? null : (JSON.parse(r.after_json) as Record<string, unknown>),
  }));
}

/** Every call in `calls` answers 401 without a token and with a user's token, and changes nothing. */
export async function expectGuarded(
  lib: TestLibrary,
  userToken: string,
  calls: [string, unknown][],
): Promise<void> {
  const auditBefore = await lib.db.selectFrom('admin_audit').select('id').execute();
  for (const [path, body] of calls) {
    const none = await manageCall(lib, path, body);
    expect(none.status, path).toBe(401);
    expect(none.body).toEqual({ error_msg: 'Please login as an administrator', code: 'unauthorized' });
    expect((await manageCall(lib, path, body, userToken)).status, path).toBe(401);
  }
  expect(await lib.db.selectFrom('admin_audit').select('id').execute()).toEqual(auditBefore);
}

/** A library file whose own bytes (REAL_PDF padded by 64 bytes, distinct per salt) are in storage. */
export async function fileWithBytes(lib: TestLibrary, salt: number, spec: FileSpec = {}) {
  const { sha256, size } = await lib.storage.put(padPdf(REAL_PDF, REAL_PDF.length + 64, salt));
  const f = await buildFile(lib.db, { ...spec, sha256, sizeBytes: size });
  return { ...f, sha256 };
}

let complaints = 0;
/** A DMCA complaint about a file, in the given status. */
export async function buildComplaint(db: Db, fileId: string, status: DmcaStatus): Promise<void> {
  const x = 'x';
  const now = '2026-11-21T10:00:00.000Z';
  await db
    .insertInto('dmca_complaints')
    .values({
      id: `d_test_${++complaints}`,
      status,
      first_name: x,
      last_name: x,
      address: x,
      copyright_holder: x,
      city: x,
      state: x,
      country: x,
      zip_code: x,
      phone: x,
      email: 'holder@example.com',
      filename: x,
      description: x,
      signature: x,
      confirmations: '{}',
      file_id: fileId,
      ip: '10.0.0.1',
      created_at: now,
      updated_at: now,
    })
    .execute();
}
