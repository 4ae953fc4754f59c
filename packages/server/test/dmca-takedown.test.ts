import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DMCA_CONFIRMATIONS,
  type AuditListResponse,
  type DmcaEditResponse,
  type DmcaSubmitResponse,
  type DownloadResponse,
  type FileDetailResponse,
  type SearchResponse,
} from '@rl/contract';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { FILE_NOT_FOUND, paidUser, storedFile, type TestUser } from './library-helpers.js';
import { adminToken, solvedCheck } from './security-check-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
/** Still within the lifetime of the links issued at NOW (download links live 5 minutes). */
const LATER = '2026-11-21T10:02:00.000Z';
let lib: TestLibrary;
let admin: { token: string; username: string };
let reader: TestUser;

const edit = (body: Record<string, unknown>) =>
  call<DmcaEditResponse>(lib.app, '/api/manage/dmca/edit', body, { token: admin.token });
const setStatus = async (complaint_id: string, status: string) => {
  const r = await edit({ complaint_id, status });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.complaint;
};
const takenDownAt = async (id: string) =>
  (await lib.db.selectFrom('files').select('taken_down_at').where('id', '=', id).executeTakeFirstOrThrow())
    .taken_down_at;

/** A complaint about `fileId`, submitted through the public form with a real security check. */
async function complaintAbout(fileId: string): Promise<string> {
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
    description: 'Copied.',
    signature: 'Ada Lovelace',
    confirmations: Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, true])),
    altcha: await solvedCheck(lib),
    file_id: fileId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.complaint_id;
}

/** The file through every user-facing path, with links issued while it was up. */
async function links(fileId: string) {
  const detail = await call<FileDetailResponse>(
    lib.app,
    '/api/file/file_detail',
    { file_id: fileId },
    { token: reader.token },
  );
  expect(detail.status).toBe(200);
  const download = await call<DownloadResponse>(
    lib.app,
    '/api/file/download',
    { file_id: fileId },
    { token: reader.token },
  );
  expect(download.status).toBe(200);
  return { preview: detail.body.file_info.encrypted_file_url, download: download.body.download_url };
}
async function seen(fileId: string, word: string, issued: { preview: string; download: string }) {
  const search = await call<SearchResponse>(lib.app, '/api/file/search', { keyword: word });
  const detail = await call(lib.app, '/api/file/file_detail', { file_id: fileId }, { token: reader.token });
  const download = await call(lib.app, '/api/file/download', { file_id: fileId }, { token: reader.token });
  // Both links were issued to the reader's session, which follows them.
  const get = async (url: string) =>
    (await lib.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${reader.token}` } }))
      .statusCode;
  return {
    search: search.body.file_list.some((f) => f.id === fileId),
    detail: detail.status,
    detailBody: detail.body,
    download: download.status,
    preview: await get(issued.preview),
    downloadLink: await get(issued.download),
  };
}
const UP = { search: true, detail: 200, download: 200, preview: 200, downloadLink: 200 };
const DOWN = {
  search: false,
  detail: 404,
  detailBody: FILE_NOT_FOUND,
  download: 404,
  preview: 404,
  downloadLink: 404,
};

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminToken(lib);
  reader = await paidUser(lib);
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('accepting a complaint takes the file down everywhere at once', () => {
  it('search, detail, earlier preview and download links answer 404 while accepted; rejecting restores them', async () => {
    const file = await storedFile(lib, 'osprey.pdf', { title: 'Osprey quarterly', pages: ['Osprey'] });
    const issued = await links(file.id);
    expect(await seen(file.id, 'Osprey', issued)).toMatchObject(UP);
    const id = await complaintAbout(file.id);

    await setStatus(id, 'under_review');
    expect(await seen(file.id, 'Osprey', issued)).toMatchObject(UP);
    const accepted = await setStatus(id, 'accepted');
    expect(accepted).toMatchObject({
      status: 'accepted',
      file_taken_down_time: NOW,
      handled_by: admin.username,
    });
    expect(await takenDownAt(file.id)).toBe(NOW);
    expect(await seen(file.id, 'Osprey', issued)).toMatchObject(DOWN);

    lib.clock.set(LATER);
    const rejected = await setStatus(id, 'rejected');
    expect(rejected.file_taken_down_time).toBeNull();
    expect(await seen(file.id, 'Osprey', issued)).toMatchObject(UP);

    const audit = await call<AuditListResponse>(
      lib.app,
      '/api/manage/audit/list',
      { action: 'dmca.edit', target_id: id },
      { token: admin.token },
    );
    expect(audit.body.items.map((a) => [a.before?.status, a.after?.status])).toEqual([
      ['accepted', 'rejected'],
      ['under_review', 'accepted'],
      ['received', 'under_review'],
    ]);
    expect(audit.body.items[0]).toMatchObject({
      admin_username: admin.username,
      target_type: 'dmca',
      before: { status: 'accepted', notes: '', file_id: file.id },
      after: { status: 'rejected', notes: '', file_id: file.id },
      created_time: LATER,
    });
  });

  it('two accepted complaints on one file: it stays down until neither takes it down (counter-notice keeps it down)', async () => {
    const file = await storedFile(lib, 'heron.pdf', { title: 'Heron monthly', pages: ['Heron'] });
    const issued = await links(file.id);
    const [a, b] = [await complaintAbout(file.id), await complaintAbout(file.id)];
    await setStatus(a, 'accepted');
    lib.clock.set(LATER);
    await setStatus(b, 'accepted');
    // The first take-down time stays.
    expect(await takenDownAt(file.id)).toBe(NOW);
    await setStatus(a, 'rejected');
    expect(await seen(file.id, 'Heron', issued)).toMatchObject(DOWN);
    await setStatus(b, 'counter_notice');
    expect(await seen(file.id, 'Heron', issued)).toMatchObject(DOWN);
    const restored = await setStatus(b, 'rejected');
    expect(restored.file_taken_down_time).toBeNull();
    expect(await seen(file.id, 'Heron', issued)).toMatchObject(UP);
  });

  it('moving an accepted complaint to another file restores the first and takes down the second', async () => {
    const first = await storedFile(lib, 'wren.pdf', { title: 'Wren note', pages: ['Wren'] });
    const second = await storedFile(lib, 'finch.pdf', { title: 'Finch note', pages: ['Finch'] });
    const id = await complaintAbout(first.id);
    await setStatus(id, 'accepted');
    const moved = await edit({ complaint_id: id, file_id: second.id, notes: 'wrong file linked' });
    expect(moved.body.complaint).toMatchObject({
      file_id: second.id,
      file_title: 'Finch note',
      notes: 'wrong file linked',
    });
    expect(await takenDownAt(first.id)).toBeNull();
    expect(await takenDownAt(second.id)).toBe(NOW);
    // An accepted complaint cannot lose its file.
    expect((await edit({ complaint_id: id, file_id: null })).body).toMatchObject({ field: 'file_id' });
    expect(await takenDownAt(second.id)).toBe(NOW);
  });
});
