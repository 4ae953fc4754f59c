import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DMCA_ALL_BOXES,
  DMCA_CONFIRMATIONS,
  SECURITY_CHECK_FAILED,
  SECURITY_CHECK_REQUIRED,
  SECURITY_CHECK_TTL_MIN,
  type DmcaEditResponse,
  type DmcaListResponse,
  type DmcaSubmitRequest,
  type DmcaSubmitResponse,
} from '@rl/contract';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { storedFile, trialUser } from './library-helpers.js';
import { adminToken, encodePayload, fetchChallenge, solve, solvedCheck } from './security-check-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
let lib: TestLibrary;
let admin: { token: string; username: string };
let file: { id: string };

const form = (altcha: string, over: Partial<Record<keyof DmcaSubmitRequest, unknown>> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '12 Analytical Row',
  copyright_holder: 'Engines Ltd',
  city: 'London',
  state: 'Greater London',
  country: 'United Kingdom',
  zip_code: 'EC1A 1BB',
  phone: '+44 20 7946 0000',
  email: 'ada@engines.example',
  filename: 'A note of ours, copied',
  description: 'This report copies our research note word for word.',
  signature: 'Ada Lovelace',
  confirmations: Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, true])),
  altcha,
  ...over,
});
const submit = (body: unknown) => call<DmcaSubmitResponse>(lib.app, '/api/pub/dmca_submit', body);
const manage = <T = Record<string, unknown>>(path: string, body: unknown, token = admin.token) =>
  call<T>(lib.app, `/api/manage/dmca/${path}`, body, { token });
const edit = (body: Record<string, unknown>) => manage<DmcaEditResponse>('edit', body);
const complaints = () => lib.db.selectFrom('dmca_complaints').selectAll().execute();
/** A complaint about `fileId`, submitted through the form with a real security check. */
const complaintAbout = async (fileId: string) => {
  const r = await submit(form(await solvedCheck(lib), { file_id: fileId }));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.complaint_id;
};

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminToken(lib);
  file = await storedFile(lib, 'kestrel.pdf', { title: 'Kestrel outlook 2026', pages: ['Kestrel'] });
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('POST /api/pub/dmca_submit', () => {
  it('stores a complaint with every field, status received, linked to the reported file', async () => {
    const r = await submit(form(await solvedCheck(lib), { file_id: file.id, first_name: '  Ada ' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ complaint_id: expect.stringMatching(/^d_/), status: 'received' });
    const row = (await complaints()).find((c) => c.id === r.body.complaint_id);
    expect(row).toMatchObject({
      status: 'received',
      first_name: 'Ada',
      email: 'ada@engines.example',
      file_id: file.id,
      notes: '',
      ip: '127.0.0.1',
      handled_by: null,
      created_at: NOW,
    });
    expect(JSON.parse(row!.confirmations)).toEqual(
      Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, true])),
    );
  });

  it('a file_id naming no file still stores the complaint, unlinked, with the id in the notes', async () => {
    const r = await submit(
      form(await solvedCheck(lib), { file_id: 'no_such_file', filename: 'Vanished 100%_report' }),
    );
    expect(r.status).toBe(200);
    const row = (await complaints()).find((c) => c.id === r.body.complaint_id);
    expect(row).toMatchObject({ file_id: null, notes: 'Submitted file_id no_such_file named no file.' });
  });

  it('links a complaint whose filename names exactly one public file: a link, its id, its name or title', async () => {
    const linkedBy = async (filename: string) => {
      const r = await submit(form(await solvedCheck(lib), { filename }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (await complaints()).find((c) => c.id === r.body.complaint_id)?.file_id;
    };
    expect(await linkedBy('kestrel.pdf')).toBe(file.id);
    expect(await linkedBy('  kestrel ')).toBe(file.id);
    expect(await linkedBy('Kestrel outlook 2026')).toBe(file.id);
    expect(await linkedBy(`https://library.example/home/file?file=${file.id}&x=1`)).toBe(file.id);
    expect(await linkedBy(file.id)).toBe(file.id);
    // Not one file: a name shared by two files, a near miss, a private upload, nothing.
    await storedFile(lib, 'twin.pdf');
    await storedFile(lib, 'twin.pdf');
    expect(await linkedBy('twin.pdf')).toBeNull();
    expect(await linkedBy('kestrel outlook')).toBeNull();
    const owner = await trialUser(lib);
    const mine = await storedFile(lib, 'private-note.pdf', { visibility: 'private', ownerId: owner.id });
    expect(await linkedBy('private-note.pdf')).toBeNull();
    expect(await linkedBy(`/home/file?file=${mine.id}`)).toBeNull();
  });

  it('cannot skip the security check: missing, garbage, forged, expired, unsolved or replayed → 400, nothing stored', async () => {
    const stored = (await complaints()).length;
    const required = { error_msg: SECURITY_CHECK_REQUIRED, code: 'validation', field: 'altcha' };
    const failed = { error_msg: SECURITY_CHECK_FAILED, code: 'security_check_failed', field: 'altcha' };
    for (const missing of [undefined, '', '   ', null, 42]) {
      const r = await submit(form(missing as string));
      expect(r.status).toBe(400);
      expect(r.body).toEqual(required);
    }
    const challenge = await fetchChallenge(lib);
    const good = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: typeof challenge;
      solution: object;
    };
    const unsolved = encodePayload({
      challenge: good.challenge,
      solution: { counter: 1, derivedKey: 'ab'.repeat(32) },
    });
    const forged = encodePayload({ ...good, challenge: { ...good.challenge, signature: 'ab'.repeat(32) } });
    for (const altcha of [
      'garbage',
      encodePayload({ challenge: null, solution: null, test: true }),
      forged,
      unsolved,
    ]) {
      const r = await submit(form(altcha));
      expect(r.status).toBe(400);
      expect(r.body).toEqual(failed);
    }
    // Expired by the server's clock.
    lib.clock.set(new Date(Date.parse(NOW) + (SECURITY_CHECK_TTL_MIN * 60 + 1) * 1000).toISOString());
    expect((await submit(form(encodePayload(good)))).body).toEqual(failed);
    lib.clock.set(NOW);
    expect((await complaints()).length).toBe(stored);
    // Replayed: accepted once, then refused.
    expect((await submit(form(encodePayload(good)))).status).toBe(200);
    const again = await submit(form(encodePayload(good), { first_name: 'Replay' }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual(failed);
    expect((await complaints()).length).toBe(stored + 1);
  });

  it('answers 400 with the field for every missing or invalid field, before spending the check', async () => {
    const altcha = await solvedCheck(lib);
    const stored = (await complaints()).length;
    const fields = [
      'first_name',
      'last_name',
      'address',
      'copyright_holder',
      'city',
      'state',
      'country',
      'zip_code',
      'phone',
      'email',
      'filename',
      'description',
      'signature',
    ] as const;
    for (const field of fields) {
      for (const bad of [undefined, '', '   ', 7]) {
        const r = await submit(form(altcha, { [field]: bad }));
        expect(r.status, `${field}=${String(bad)}`).toBe(400);
        expect(r.body).toMatchObject({ code: 'validation', field });
      }
    }
    const invalid: [string, unknown][] = [
      ['email', 'not-an-email'],
      ['phone', 'call me'],
      ['first_name', 'x'.repeat(101)],
      ['description', 'x'.repeat(5001)],
      ['file_id', '../etc/passwd'],
    ];
    for (const [field, bad] of invalid) {
      const r = await submit(form(altcha, { [field]: bad }));
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation', field });
    }
    expect((await complaints()).length).toBe(stored);
    // None of the refusals above spent the solved check.
    expect((await submit(form(altcha))).status).toBe(200);
  });

  it("answers 'Please check all the boxes' unless all five confirmations are checked", async () => {
    const altcha = await solvedCheck(lib);
    const stored = (await complaints()).length;
    const all = Object.fromEntries(DMCA_CONFIRMATIONS.map((c) => [c, true]));
    const variants: unknown[] = [undefined, {}, [], 'yes', { ...all, accurate: 'true' }];
    for (const box of DMCA_CONFIRMATIONS) variants.push({ ...all, [box]: false });
    const { perjury: _left, ...four } = all;
    variants.push(four);
    for (const confirmations of variants) {
      const r = await submit(form(altcha, { confirmations }));
      expect(r.status, JSON.stringify(confirmations)).toBe(400);
      expect(r.body).toEqual({ error_msg: DMCA_ALL_BOXES, code: 'validation', field: 'confirmations' });
    }
    // The security check is asked for first.
    expect((await submit(form('', { confirmations: {} }))).body).toMatchObject({
      error_msg: SECURITY_CHECK_REQUIRED,
    });
    expect((await complaints()).length).toBe(stored);
  });
});

describe('/api/manage/dmca', () => {
  it('refuses list and edit without a token and with a user token (401), changing nothing', async () => {
    const id = (await complaints())[0]!.id;
    const user = await trialUser(lib);
    for (const [path, body] of [
      ['list', {}],
      ['edit', { complaint_id: id, status: 'accepted' }],
    ] as const) {
      const none = await call(lib.app, `/api/manage/dmca/${path}`, body);
      expect(none.status, path).toBe(401);
      expect((await manage(path, body, user.token)).status, path).toBe(401);
    }
    expect((await complaints()).find((c) => c.id === id)?.status).toBe('received');
  });

  it('lists newest first with filters and paging, with the linked file title and take-down time', async () => {
    const all = await manage<DmcaListResponse>('list', {});
    expect(all.status).toBe(200);
    expect(all.body.total_items).toBe((await complaints()).length);
    const linked = all.body.items.find((c) => c.file_id === file.id);
    expect(linked).toMatchObject({
      file_title: 'Kestrel outlook 2026',
      file_taken_down_time: null,
      ip: '127.0.0.1',
    });
    lib.clock.set('2026-11-21T10:20:00.000Z');
    const newest = await complaintAbout(file.id);
    const page1 = await manage<DmcaListResponse>('list', { page_length: 2 });
    expect(page1.body.items.map((c) => c.id)[0]).toBe(newest);
    expect(page1.body).toMatchObject({ page_id: 1, page_length: 2 });
    expect(page1.body.items).toHaveLength(2);
    const byKeyword = await manage<DmcaListResponse>('list', { keyword: 'VANISHED 100%_' });
    expect(byKeyword.body.items.map((c) => c.notes)).toEqual([
      'Submitted file_id no_such_file named no file.',
    ]);
    expect((await manage<DmcaListResponse>('list', { keyword: 'Vanished 1000' })).body.items).toEqual([]);
    expect((await manage<DmcaListResponse>('list', { keyword: 'd 100__r' })).body.items).toEqual([]);
    const byFile = await manage<DmcaListResponse>('list', { file_id: file.id });
    expect(byFile.body.items.every((c) => c.file_id === file.id)).toBe(true);
    expect((await manage<DmcaListResponse>('list', { status: 'accepted' })).body.total_items).toBe(0);
    expect((await manage('list', { status: 'closed' })).status).toBe(400);
  });

  it('accepting needs a linked existing file; counter_notice only follows accepted; unknown ids answer 404', async () => {
    const unlinked = (await complaints()).find((c) => c.file_id === null)!.id;
    expect((await edit({ complaint_id: unlinked, status: 'accepted' })).body).toMatchObject({
      field: 'file_id',
    });
    expect((await edit({ complaint_id: unlinked, file_id: 'no_such_file' })).body).toMatchObject({
      field: 'file_id',
    });
    expect((await edit({ complaint_id: unlinked, status: 'counter_notice' })).status).toBe(400);
    expect((await edit({ complaint_id: 'd_missing', status: 'rejected' })).status).toBe(404);
    expect((await complaints()).find((c) => c.id === unlinked)?.status).toBe('received');
  });
});
