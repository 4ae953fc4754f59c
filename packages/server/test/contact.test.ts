import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SECURITY_CHECK_FAILED,
  SECURITY_CHECK_REQUIRED,
  type AuditListResponse,
  type ContactSubmitResponse,
  type MessageEditResponse,
  type MessageListResponse,
  type SupportContactsResponse,
} from '@rl/contract';
import { MESSAGES_PER_IP } from '../src/modules/contact/service.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { trialUser, type TestUser } from './library-helpers.js';
import { adminToken, freshIp, solvedCheck } from './security-check-helpers.js';

const NOW = '2026-11-21T10:00:00.000Z';
let lib: TestLibrary;
let admin: { token: string; username: string };
let user: TestUser;

const message = (over: Record<string, unknown> = {}) => ({
  subject: 'Missing report',
  message: 'The March outlook of Harbor Lane is not in the library.',
  email: 'reader@example.com',
  ...over,
});
const submit = (body: unknown, opts: { token?: string; ip?: string } = {}) =>
  call<ContactSubmitResponse>(lib.app, '/api/pub/contact_submit', body, {
    ip: opts.ip ?? freshIp(),
    ...opts,
  });
const manage = <T = Record<string, unknown>>(path: string, body: unknown, token = admin.token) =>
  call<T>(lib.app, `/api/manage/message/${path}`, body, { token });
const stored = () => lib.db.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();

beforeAll(async () => {
  lib = await openTestLibrary();
  admin = await adminToken(lib);
  user = await trialUser(lib);
});
beforeEach(() => lib.clock.set(NOW));
afterAll(() => lib.close());

describe('GET /api/pub/contact', () => {
  it('answers null for contacts not configured, and the configured ones', async () => {
    const r = await call<SupportContactsResponse>(lib.app, '/api/pub/contact', undefined, { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ email: null, phone: null, hours: null });
    const configured = await openTestLibrary({
      SUPPORT_EMAIL: 'help@library.example',
      SUPPORT_PHONE: '+86 10 1234 5678',
      SUPPORT_HOURS: 'Mon-Fri 9:00-18:00 (UTC+8)',
    });
    try {
      const c = await call(configured.app, '/api/pub/contact', undefined, { method: 'GET', token: 'stale' });
      expect(c.body).toEqual({
        email: 'help@library.example',
        phone: '+86 10 1234 5678',
        hours: 'Mon-Fri 9:00-18:00 (UTC+8)',
      });
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/pub/contact_submit', () => {
  it('a visitor must pass the security check: missing or failed → 400, nothing stored; solved → stored once', async () => {
    const missing = await submit(message());
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error_msg: SECURITY_CHECK_REQUIRED, code: 'validation', field: 'altcha' });
    for (const altcha of ['', 'garbage']) expect((await submit(message({ altcha }))).status).toBe(400);
    expect(await stored()).toEqual([]);
    const altcha = await solvedCheck(lib);
    const ok = await submit(message({ altcha }), { ip: '10.1.2.3' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({
        id: ok.body.message_id,
        subject: 'Missing report',
        email: 'reader@example.com',
        user_id: null,
        username: null,
        ip: '10.1.2.3',
        handled: 0,
        created_at: NOW,
      }),
    ]);
    const replay = await submit(message({ altcha }));
    expect(replay.body).toEqual({
      error_msg: SECURITY_CHECK_FAILED,
      code: 'security_check_failed',
      field: 'altcha',
    });
    expect(await stored()).toHaveLength(1);
  });

  it('a logged-in user needs no security check and is recorded; a stale token answers 401', async () => {
    lib.clock.set('2026-11-21T10:05:00.000Z');
    const r = await submit(message({ subject: 'From a user', email: 'u@example.com' }), {
      token: user.token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = (await stored()).find((m) => m.id === r.body.message_id);
    expect(row).toMatchObject({ user_id: user.id, username: user.username, email: 'u@example.com' });
    expect((await submit(message(), { token: 'expired-or-made-up' })).status).toBe(401);
  });

  it('answers 400 with the field for a missing or invalid subject, message or e-mail', async () => {
    const before = (await stored()).length;
    const cases: [string, unknown][] = [
      ['subject', undefined],
      ['subject', '  '],
      ['subject', 'x'.repeat(201)],
      ['message', undefined],
      ['message', ''],
      ['message', 'x'.repeat(5001)],
      ['email', undefined],
      ['email', 'not-an-email'],
    ];
    for (const [field, bad] of cases) {
      const r = await submit(message({ [field]: bad }), { token: user.token });
      expect(r.status, `${field}=${String(bad)}`).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation', field });
    }
    expect((await stored()).length).toBe(before);
  });

  it(`is throttled per IP address: the message after ${MESSAGES_PER_IP.limit} in an hour answers 429`, async () => {
    const ip = freshIp();
    for (let i = 0; i < MESSAGES_PER_IP.limit; i++)
      expect((await submit(message({ subject: `Flood ${i}` }), { token: user.token, ip })).status).toBe(200);
    const r = await submit(message(), { token: user.token, ip });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'too_many_requests' });
    await lib.db.deleteFrom('contact_messages').where('subject', 'like', 'Flood %').execute();
  });
});

describe('/api/manage/message', () => {
  it('refuses list and edit without a token and with a user token (401)', async () => {
    const id = (await stored())[0]!.id;
    for (const [path, body] of [
      ['list', {}],
      ['edit', { message_id: id, handled: true }],
    ] as const) {
      expect((await call(lib.app, `/api/manage/message/${path}`, body)).status, path).toBe(401);
      expect((await manage(path, body, user.token)).status, path).toBe(401);
    }
    expect((await stored())[0]!.handled).toBe(0);
  });

  it('lists newest first with handled and keyword filters; edit marks handled, audited', async () => {
    const all = await manage<MessageListResponse>('list', {});
    expect(all.status).toBe(200);
    expect(all.body.items.map((m) => m.subject)).toEqual(['From a user', 'Missing report']);
    expect(all.body).toMatchObject({ total_items: 2, page_id: 1, page_length: 20 });
    expect(all.body.items[0]).toMatchObject({ username: user.username, handled: false, handled_by: null });
    const page2 = await manage<MessageListResponse>('list', { page_id: 2, page_length: 1 });
    expect(page2.body.items.map((m) => m.subject)).toEqual(['Missing report']);
    expect((await manage<MessageListResponse>('list', { keyword: 'U@EXAMPLE' })).body.items).toHaveLength(1);
    // LIKE's wildcards in a keyword are taken literally.
    expect((await manage<MessageListResponse>('list', { keyword: 'u_example' })).body.items).toEqual([]);
    expect((await manage<MessageListResponse>('list', { keyword: '%example' })).body.items).toEqual([]);

    const id = all.body.items[1]!.id;
    lib.clock.set('2026-11-21T10:20:00.000Z');
    const done = await manage<MessageEditResponse>('edit', { message_id: id, handled: true });
    expect(done.status).toBe(200);
    expect(done.body.message).toMatchObject({
      id,
      handled: true,
      handled_by: admin.username,
      updated_time: '2026-11-21T10:20:00.000Z',
    });
    expect(
      (await manage<MessageListResponse>('list', { handled: true })).body.items.map((m) => m.id),
    ).toEqual([id]);
    expect((await manage<MessageListResponse>('list', { handled: false })).body.total_items).toBe(1);
    const undone = await manage<MessageEditResponse>('edit', { message_id: id, handled: false });
    expect(undone.body.message).toMatchObject({ handled: false, handled_by: null });

    const audit = await call<AuditListResponse>(
      lib.app,
      '/api/manage/audit/list',
      { action: 'message.edit', target_id: id },
      { token: admin.token },
    );
    expect(audit.body.items.map((a) => [a.before, a.after, a.target_type, a.admin_username])).toEqual([
      [{ handled: true }, { handled: false }, 'message', admin.username],
      [{ handled: false }, { handled: true }, 'message', admin.username],
    ]);
    expect((await manage('edit', { message_id: 'm_missing', handled: true })).status).toBe(404);
    expect((await manage('edit', { message_id: id })).status).toBe(400);
  });
});
