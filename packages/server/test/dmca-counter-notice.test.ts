import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COUNTER_NOTICE_CONFIRMATIONS,
  DMCA_CONFIRMATIONS,
  type AdminFileListResponse,
  type AuditListResponse,
  type CounterNoticeActionResponse,
  type CounterNoticeSubmitResponse,
  type DmcaEditResponse,
  type DmcaListResponse,
  type DmcaSubmitResponse,
  type MyFile,
  type MyFilesResponse,
} from '@rl/contract';
import { sql } from 'kysely';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { expect400, FILE_NOT_FOUND, paidUser, type TestUser } from './library-helpers.js';
import { adminToken, solvedCheck } from './security-check-helpers.js';

/**
 * A takedown its uploader can see and answer: My uploads shows what keeps the file down, the owner
 * sends a counter-notice, the console decides it, every step audited; nothing restores by itself.
 */

const NOW = '2026-11-21T10:00:00.000Z';
/** Within the console's idle time of NOW. */
const LATER = '2026-11-21T10:20:00.000Z';
let lib: TestLibrary;
let admin: { token: string; username: string };
let owner: TestUser;
let stranger: TestUser;

const asAdmin = <T>(url: string, body: unknown) => call<T>(lib.app, url, body, { token: admin.token });
const asUser = <T>(user: TestUser, url: string, body: unknown, headers?: Record<string, string>) =>
  call<T>(lib.app, url, body, { token: user.token, headers });

async function complaintAbout(fileId: string, description: string): Promise<string> {
  const r = await call<DmcaSubmitResponse>(lib.app, '/api/pub/dmca_submit', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address: '12 Analytical Row',
    copyright_holder: 'Engines Ltd',
    city: 'London',
    state: 'London',
    country: 'United Kingdom',
    zip_code: 'EC1A 1BB',
    phone: '+44 20 7946 0000',
    email: 'ada@engines.example',
    filename: 'the report',
    description,
    signature: 'Ada Lovelace',
    confirmations: Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, true])),
    altcha: await solvedCheck(lib),
    file_id: fileId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.complaint_id;
}
async function setStatus(complaint_id: string, status: string) {
  const r = await asAdmin<DmcaEditResponse>('/api/manage/dmca/edit', { complaint_id, status });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.complaint;
}
/** A paid user's published upload, taken down by an accepted complaint. */
async function takenDownUpload(title: string) {
  const file = await buildFile(lib.db, { title, ownerId: owner.id, visibility: 'public' });
  const complaint = await complaintAbout(file.id, `“${title}” copies our March outlook word for word.`);
  await setStatus(complaint, 'accepted');
  return { fileId: file.id, complaint };
}
async function mine(user: TestUser, fileId: string, headers?: Record<string, string>): Promise<MyFile> {
  const r = await asUser<MyFilesResponse>(user, '/api/file/myfiles', {}, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const file = r.body.file_list.find((f) => f.id === fileId);
  expect(file).toBeTruthy();
  return file!;
}
const counterNotice = (complaint_id: string, overrides: Record<string, unknown> = {}) => ({
  complaint_id,
  full_name: 'Grace Hopper',
  address: '1 Compiler Lane',
  city: 'Arlington',
  country: 'United States',
  zip_code: '22201',
  phone: '+1 703 555 0100',
  email: 'grace@example.com',
  statement: 'I wrote this note myself; the complaint names the wrong document.',
  signature: 'Grace Hopper',
  confirmations: Object.fromEntries(COUNTER_NOTICE_CONFIRMATIONS.map((c) => [c, true])),
  ...overrides,
});
const submit = (user: TestUser, body: unknown, headers?: Record<string, string>) =>
  asUser<CounterNoticeSubmitResponse>(user, '/api/file/myfiles/counter_notice', body, headers);
const decide = (counter_notice_id: string, action: string, notes?: string) =>
  asAdmin<CounterNoticeActionResponse>('/api/manage/dmca/counter_notice', {
    counter_notice_id,
    action,
    notes,
  });
const counts = async () => {
  const n = async (table: string) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(lib.db)).rows[0]?.n,
    );
  return {
    notices: await n('dmca_counter_notices'),
    audit: await n('admin_audit'),
    complaints: (await lib.db.selectFrom('dmca_complaints').select(['id', 'status']).orderBy('id').execute())
      .map((c) => `${c.id}:${c.status}`)
      .join(','),
  };
};
const takenDownAt = async (id: string) =>
  (await lib.db.selectFrom('files').select('taken_down_at').where('id', '=', id).executeTakeFirstOrThrow())
    .taken_down_at;
const auditOf = async (complaintId: string) =>
  (
    await asAdmin<AuditListResponse>('/api/manage/audit/list', {
      action: 'dmca.counter_notice',
      target_id: complaintId,
    })
  ).body.items;

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminToken(lib);
  owner = await paidUser(lib);
  stranger = await paidUser(lib);
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('My uploads shows a taken-down file as taken down', () => {
  it('with the date, the complaint’s reason and holder; open, edit and (un)publish are refused', async () => {
    const { fileId, complaint } = await takenDownUpload('Kestrel outlook');
    const file = await mine(owner, fileId);
    expect(file.takedown).toEqual({
      taken_down_time: NOW,
      complaints: [
        {
          complaint_id: complaint,
          received_time: NOW,
          copyright_holder: 'Engines Ltd',
          reason: '“Kestrel outlook” copies our March outlook word for word.',
          counter_notice: null,
          can_counter: true,
        },
      ],
    });
    // Open: the viewer's call answers as for a file that does not exist.
    const detail = await asUser(owner, '/api/file/file_detail', { file_id: fileId });
    expect(detail.status).toBe(404);
    expect(detail.body).toMatchObject(FILE_NOT_FOUND);
    // Edit, publish and unpublish change nothing.
    const before = await lib.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    const refusals = [
      await asUser(owner, '/api/file/myfiles/edit', { file_id: fileId, document_title: 'Renamed' }),
      await asUser(owner, '/api/file/myfiles/publish', { file_id: fileId, publish: false }),
      await asUser(owner, '/api/file/myfiles/publish', { file_id: fileId, publish: true }),
    ];
    for (const r of refusals) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body).toEqual({
        error_msg: 'This file was taken down after a copyright complaint; it cannot be changed',
        code: 'conflict',
      });
    }
    const zh = await asUser(
      owner,
      '/api/file/myfiles/edit',
      { file_id: fileId, document_title: 'x' },
      {
        'x-language': 'zh',
      },
    );
    expect(zh.body).toMatchObject({ error_msg: '该文件因版权投诉已下架，无法修改' });
    expect(
      await lib.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow(),
    ).toEqual(before);
    // A file that is up has no takedown.
    const up = await buildFile(lib.db, { title: 'Plover note', ownerId: owner.id });
    expect((await mine(owner, up.id)).takedown).toBeNull();
  });

  it('the console’s file list shows the same takedown', async () => {
    const { fileId, complaint } = await takenDownUpload('Merlin weekly');
    const r = await asAdmin<AdminFileListResponse>('/api/manage/file/list', { keyword: fileId });
    expect(r.status).toBe(200);
    expect(r.body.file_list[0]).toMatchObject({
      id: fileId,
      taken_down_time: NOW,
      takedown: {
        taken_down_time: NOW,
        complaints: [
          { complaint_id: complaint, reason: '“Merlin weekly” copies our March outlook word for word.' },
        ],
      },
    });
    const details = await asAdmin<{ file: MyFile }>('/api/manage/file/details', { file_id: fileId });
    expect(details.body.file.takedown?.complaints.map((c) => c.complaint_id)).toEqual([complaint]);
  });
});

describe('a counter-notice', () => {
  it('is refused field by field in the catalogue’s shape, changing nothing', async () => {
    const { complaint } = await takenDownUpload('Harrier brief');
    const start = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ full_name: '  ' }, 'full_name'],
      [{ address: undefined }, 'address'],
      [{ phone: 'call me' }, 'phone'],
      [{ email: 'not-an-address' }, 'email'],
      [{ statement: 'x'.repeat(5001) }, 'statement'],
      [{ signature: '' }, 'signature'],
      [{ confirmations: { mistake: true, jurisdiction: true } }, 'confirmations'],
    ];
    for (const [change, field] of cases) {
      const r = await submit(owner, counterNotice(complaint, change));
      expect400(r, field);
      expect((r.body as unknown as { code: string }).code).toBe('validation');
    }
    const boxes = await submit(owner, counterNotice(complaint, { confirmations: {} }));
    expect(boxes.body).toEqual({
      error_msg: 'Please check all the boxes',
      code: 'validation',
      field: 'confirmations',
    });
    const zh = await submit(owner, counterNotice(complaint, { full_name: '' }), { 'x-language': 'zh' });
    expect(zh.body).toMatchObject({ error_msg: 'full_name：请填写姓名', field: 'full_name' });
    // Not logged in; another user's file (as if no such complaint); an unknown complaint.
    expect((await call(lib.app, '/api/file/myfiles/counter_notice', counterNotice(complaint))).status).toBe(
      401,
    );
    const foreign = await submit(stranger, counterNotice(complaint));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error_msg: 'Complaint not found', code: 'complaint_not_found' });
    expect((await submit(owner, counterNotice('d_nothing'))).status).toBe(404);
    expect(await counts()).toEqual(start);
  });

  it('answers only a complaint that keeps the file down', async () => {
    const file = await buildFile(lib.db, { title: 'Gannet memo', ownerId: owner.id, visibility: 'public' });
    const complaint = await complaintAbout(file.id, 'Ours.');
    await setStatus(complaint, 'under_review');
    const start = await counts();
    const r = await submit(owner, counterNotice(complaint));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error_msg: 'This complaint does not keep your file down', code: 'conflict' });
    expect(await counts()).toEqual(start);
  });

  it('is received, seen by the console, forwarded and rejected: the file stays down, each step audited', async () => {
    const { fileId, complaint } = await takenDownUpload('Falcon strategy');
    const sent = await submit(owner, counterNotice(complaint));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const noticeId = sent.body.counter_notice.id;
    expect(sent.body.counter_notice).toEqual({
      id: noticeId,
      status: 'received',
      submitted_time: NOW,
      updated_time: NOW,
    });
    // One open per complaint.
    const again = await submit(owner, counterNotice(complaint));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error_msg: 'A counter-notice to this complaint is already being handled',
    });

    const listed = await asAdmin<DmcaListResponse>('/api/manage/dmca/list', { file_id: fileId });
    expect(listed.body.items[0]).toMatchObject({
      id: complaint,
      status: 'counter_notice',
      counter_notice: {
        id: noticeId,
        status: 'received',
        user_id: owner.id,
        username: owner.username,
        full_name: 'Grace Hopper',
        statement: 'I wrote this note myself; the complaint names the wrong document.',
        handled_by: null,
      },
    });
    expect((await mine(owner, fileId)).takedown?.complaints[0]).toMatchObject({
      counter_notice: { id: noticeId, status: 'received' },
      can_counter: false,
    });
    // The complaint's own status waits for the counter-notice's decision.
    const edit = await asAdmin('/api/manage/dmca/edit', { complaint_id: complaint, status: 'rejected' });
    expect400(edit, 'status');
    expect(await takenDownAt(fileId)).toBe(NOW);

    lib.clock.set(LATER);
    const forwarded = await decide(noticeId, 'forward', 'Sent to ada@engines.example');
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(200);
    expect(forwarded.body.complaint).toMatchObject({
      status: 'counter_notice',
      file_taken_down_time: NOW,
      counter_notice: {
        status: 'forwarded',
        notes: 'Sent to ada@engines.example',
        handled_by: admin.username,
      },
    });
    expect((await decide(noticeId, 'forward')).status).toBe(409);
    const rejected = await decide(noticeId, 'reject');
    expect(rejected.body.complaint).toMatchObject({
      status: 'accepted',
      counter_notice: { status: 'rejected' },
    });
    expect(await takenDownAt(fileId)).toBe(NOW);
    expect((await mine(owner, fileId)).takedown?.complaints[0]).toMatchObject({
      counter_notice: { status: 'rejected', updated_time: LATER },
      can_counter: true,
    });
    const closed = await decide(noticeId, 'restore');
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ error_msg: 'This counter-notice was already handled', code: 'conflict' });

    const audit = await auditOf(complaint);
    expect(audit.map((a) => [a.admin_username, a.before, a.after])).toEqual([
      [
        admin.username,
        { status: 'counter_notice', counter_notice: 'forwarded', notes: 'Sent to ada@engines.example' },
        { status: 'accepted', counter_notice: 'rejected', notes: 'Sent to ada@engines.example' },
      ],
      [
        admin.username,
        { status: 'counter_notice', counter_notice: 'received', notes: '' },
        { status: 'counter_notice', counter_notice: 'forwarded', notes: 'Sent to ada@engines.example' },
      ],
      [
        owner.username,
        { status: 'accepted', counter_notice: null },
        { status: 'counter_notice', counter_notice: 'received', counter_notice_id: noticeId },
      ],
    ]);
    // The owner filed the notice as the owner; the complaint's entries name the report it is about.
    expect(audit.map((a) => a.actor_role)).toEqual(['admin', 'admin', 'owner']);
    expect(audit.map((a) => a.report)).toEqual(
      audit.map(() => ({ id: fileId, title: 'Falcon strategy', deleted: false })),
    );
  });

  it('restored by an administrator: the complaint is rejected and the file is served again', async () => {
    const { fileId, complaint } = await takenDownUpload('Eagle review');
    const sent = await submit(owner, counterNotice(complaint));
    expect(await takenDownAt(fileId)).toBe(NOW);
    const restored = await decide(sent.body.counter_notice.id, 'restore');
    expect(restored.body.complaint).toMatchObject({
      status: 'rejected',
      file_taken_down_time: null,
      counter_notice: { status: 'restored' },
    });
    expect(await takenDownAt(fileId)).toBeNull();
    expect((await mine(owner, fileId)).takedown).toBeNull();
    expect((await asUser(owner, '/api/file/file_detail', { file_id: fileId })).status).toBe(200);
    expect((await auditOf(complaint))[0]?.after).toEqual({
      status: 'rejected',
      counter_notice: 'restored',
      notes: '',
    });
  });

  it('an unknown counter-notice answers 404; a bad action 400', async () => {
    const r = await decide('cn_nothing', 'forward');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error_msg: 'Counter-notice not found', code: 'not_found' });
    expect400(await decide('cn_nothing', 'reinstate'), 'action');
  });
});
