import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';

/*
 * A NUL or other control character in any text field is refused at the edge with the catalogue's
 * validation error, the same on SQLite and PostgreSQL (whose text refuses NUL), and nothing is stored.
 */

let lib: TestLibrary;
let user: TestUser;

beforeAll(async () => {
  lib = await openTestLibrary();
  user = await paidUser(lib);
});
afterAll(() => lib.close());

const NUL = 'a\u0000b';

const cases: [string, string, unknown, string][] = [
  [
    'contact form',
    '/api/pub/contact_submit',
    { subject: NUL, message: 'Hello there, a message.', email: 'a@b.example' },
    'subject',
  ],
  ['DMCA form', '/api/pub/dmca_submit', { name: NUL }, 'name'],
  ['search author filter', '/api/file/search', { keyword: '', filter: { author: [NUL] } }, 'filter.author.0'],
  ['issuers', '/api/file/issuer', { input_content: NUL }, 'input_content'],
  ['tag search', '/api/file/tag/search', { keyword: NUL }, 'keyword'],
  ['login', '/api/user/login', { username: NUL, passwd: 'secret123' }, 'username'],
  ['console login', '/api/manage/admin/login', { username: NUL, passwd: 'secret123' }, 'username'],
  ['upload', '/api/file/user_upload/init', { file_name: `x${NUL}.pdf`, file_size: 1000 }, 'file_name'],
  ['e-mail code', '/api/user/email_code', { email: `a${NUL}@b.example`, purpose: 'login' }, 'email'],
];

describe('control characters in input', () => {
  it.each(cases)('%s: answers 400 validation naming the field', async (_, path, body, field) => {
    const r = await call(lib.app, path, body, { token: user.token });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation', field });
    expect(String(r.body.error_msg)).toContain('control characters');
  });

  it('stores nothing from a refused form', async () => {
    await call(lib.app, '/api/pub/contact_submit', cases[0]?.[2], {});
    const rows = await lib.db.selectFrom('contact_messages').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('answers in Chinese for a Chinese reader and keeps tabs and line breaks', async () => {
    const zh = await call(
      lib.app,
      '/api/file/tag/search',
      { keyword: NUL },
      { headers: { 'x-language': 'zh-CN' } },
    );
    expect(zh.body.error_msg).toContain('不能包含控制字符');
    const ok = await call(lib.app, '/api/file/tag/search', { keyword: 'rates\tand\ncredit' }, {});
    expect(ok.status).toBe(200);
  });

  it('refuses a control character in the query string', async () => {
    const r = await call(lib.app, '/api/file/tag/search?x=%00', { keyword: 'rates' }, {});
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation', field: 'x' });
  });
});
