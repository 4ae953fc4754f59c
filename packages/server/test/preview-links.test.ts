import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileDetailResponse } from '@rl/contract';
import { createSessions } from '../src/modules/auth/sessions.js';
import { createSessionsRepo } from '../src/modules/auth/sessions-repo.js';
import { PREVIEW_LINK_MAX_TTL_S } from '../src/modules/files/file-urls.js';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, REAL_PDF, storedFile, type TestUser } from './library-helpers.js';
import { httpRequest, listenOnLoopback, type HttpAnswer, type HttpOptions } from './real-http.js';

/**
 * A preview link (`encrypted_file_url`) is bound to the viewer who received it: the session of a
 * logged-in user (it ends with the session), or a visitor's fingerprint and address. It lives at
 * most PREVIEW_LINK_MAX_TTL_S and is renewed by asking for the detail again. Real HTTP throughout.
 */
const NOW = '2026-11-21T10:00:00.000Z';
const FP = 'visitor-fingerprint-1';

let lib: TestLibrary;
let base: string;
let file: { id: string; size: number };
beforeAll(async () => {
  lib = await openTestLibrary();
  base = await listenOnLoopback(lib);
  // A report every plan may open (published today), so only the link decides.
  file = await storedFile(lib, 'preview.pdf', { publishDate: '2026-11-21' });
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

/** The detail's preview link, as the web gets it (token and fingerprint headers, source address). */
async function previewLink(opts: HttpOptions = {}): Promise<string> {
  const r = await httpRequest(`${base}/api/file/file_detail`, { ...opts, body: { file_id: file.id } });
  expect(r.status, r.raw.toString()).toBe(200);
  return (r.json() as FileDetailResponse).file_info.encrypted_file_url;
}
const open = (link: string, opts: HttpOptions = {}) => httpRequest(`${base}${link}`, opts);
const at = (seconds: number) => lib.clock.set(new Date(Date.parse(NOW) + seconds * 1000).toISOString());
const expiryOf = (link: string) => Number(new URL(link, base).searchParams.get('exp'));

function servesWhole(r: HttpAnswer) {
  expect(r.status).toBe(200);
  expect(r.raw.equals(Buffer.from(REAL_PDF))).toBe(true);
}
function refused(r: HttpAnswer, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.json()).toMatchObject({ code });
  expect(r.headers['content-type']).not.toBe('application/pdf');
}

/** Another live session of the same account (another browser). */
async function secondSession(user: TestUser): Promise<string> {
  const sessions = createSessions({
    repo: createSessionsRepo(lib.db),
    clock: lib.clock,
    ttlDays: 30,
    idleDays: lib.config.sessionIdleDays,
  });
  return sessions.issue(user.id, 'fp-other-browser');
}

describe('a logged-in reader’s link is bound to their session', () => {
  it('serves the session it was issued to, whole and by range (as pdf.js reads)', async () => {
    const u = await paidUser(lib);
    const link = await previewLink({ token: u.token, fingerprint: FP });
    servesWhole(await open(link, { token: u.token, fingerprint: FP }));
    const first = await open(link, { token: u.token, range: 'bytes=0-65535' });
    expect(first.status).toBe(206);
    expect(first.raw.equals(Buffer.from(REAL_PDF.subarray(0, 65536)))).toBe(true);
  });

  it('refuses it without the token, to another user, and to another session of the same user', async () => {
    const u = await paidUser(lib);
    const other = await paidUser(lib);
    const link = await previewLink({ token: u.token, fingerprint: FP });
    // The same device and address as the reader, without their session: still refused.
    refused(await open(link, { fingerprint: FP }), 403, 'link_invalid');
    refused(await open(link, { fingerprint: FP, range: 'bytes=1-' }), 403, 'link_invalid');
    refused(await open(link, { token: other.token, fingerprint: FP }), 403, 'link_invalid');
    refused(await open(link, { token: await secondSession(u) }), 403, 'link_invalid');
  });

  it('ends at logout: the link of a session that was logged out is refused', async () => {
    const u = await paidUser(lib);
    const link = await previewLink({ token: u.token });
    servesWhole(await open(link, { token: u.token }));
    const out = await httpRequest(`${base}/api/user/logout`, { token: u.token, body: {} });
    expect(out.status).toBe(200);
    refused(await open(link, { token: u.token }), 401, 'unauthorized');
    refused(await open(link, { token: u.token, range: 'bytes=0-65535' }), 401, 'unauthorized');
    refused(await open(link), 403, 'link_invalid');
  });

  it('ends when the session is revoked by a password change elsewhere', async () => {
    const u = await paidUser(lib);
    const link = await previewLink({ token: u.token });
    await lib.db.updateTable('sessions').set({ revoked_at: NOW }).where('user_id', '=', u.id).execute();
    refused(await open(link, { token: u.token }), 401, 'unauthorized');
  });
});

describe('a visitor’s link is bound to their fingerprint and address', () => {
  it('serves the visitor it was issued to', async () => {
    const link = await previewLink({ fingerprint: FP });
    servesWhole(await open(link, { fingerprint: FP }));
  });

  it('refuses another fingerprint, none, and the same fingerprint from another address', async () => {
    const link = await previewLink({ fingerprint: FP });
    refused(await open(link, { fingerprint: 'someone-else' }), 403, 'link_invalid');
    refused(await open(link), 403, 'link_invalid');
    refused(await open(link, { fingerprint: FP, localAddress: '127.0.0.2' }), 403, 'link_invalid');
    // A visitor elsewhere gets a link of their own, which works for them only.
    const theirs = await previewLink({ fingerprint: FP, localAddress: '127.0.0.2' });
    servesWhole(await open(theirs, { fingerprint: FP, localAddress: '127.0.0.2' }));
    refused(await open(theirs, { fingerprint: FP }), 403, 'link_invalid');
  });

  it('keeps working in the tab where the visitor has just logged in (same device and address)', async () => {
    const u = await paidUser(lib);
    const link = await previewLink({ fingerprint: FP });
    servesWhole(await open(link, { token: u.token, fingerprint: FP }));
  });
});

describe('a link lives at most ten minutes and is renewed by the detail', () => {
  it('expires within PREVIEW_LINK_MAX_TTL_S; the renewed link keeps serving ranges', async () => {
    expect(PREVIEW_LINK_MAX_TTL_S).toBeLessThanOrEqual(600);
    const u = await paidUser(lib);
    const link = await previewLink({ token: u.token });
    const exp = expiryOf(link);
    const nowS = Date.parse(NOW) / 1000;
    expect(exp).toBeGreaterThan(nowS);
    expect(exp).toBeLessThanOrEqual(nowS + PREVIEW_LINK_MAX_TTL_S);
    // Asked again within the minute: the same URL (the browser's cache can revalidate it).
    at(20);
    expect(await previewLink({ token: u.token })).toBe(link);

    // The viewer asks again before the link ends: a new link, for the same session.
    at(exp - nowS - 60);
    const renewed = await previewLink({ token: u.token });
    expect(expiryOf(renewed)).toBeGreaterThan(exp);
    const piece = await open(renewed, { token: u.token, range: 'bytes=1000-1999' });
    expect(piece.status).toBe(206);
    expect(piece.raw.equals(Buffer.from(REAL_PDF.subarray(1000, 2000)))).toBe(true);

    at(PREVIEW_LINK_MAX_TTL_S + 1);
    refused(await open(link, { token: u.token }), 403, 'link_expired');
    refused(await open(link, { token: u.token, range: 'bytes=0-65535' }), 403, 'link_expired');
    servesWhole(await open(renewed, { token: u.token }));
    refused(await open(renewed), 403, 'link_invalid');
  });
});

describe('browser caching', () => {
  it('may keep the bytes but revalidates each time; a 304 only for the link’s own viewer', async () => {
    const u = await paidUser(lib);
    const link = await previewLink({ token: u.token });
    const first = await open(link, { token: u.token });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/Authorization/i);
    const etag = String(first.headers.etag);
    const again = await open(link, { token: u.token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    refused(await open(link, { headers: { 'if-none-match': etag } }), 403, 'link_invalid');
  });
});
