import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/platform/outbox.js';
import { buildUser } from './accounts.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';
import { paidUser, type TestUser } from './library-helpers.js';

let lib: TestLibrary;
let user: TestUser;
beforeAll(async () => {
  lib = await openTestLibrary({}, { llm: null });
  user = await paidUser(lib);
});
afterAll(() => lib.close());

type Language = 'en' | 'zh';
const asked = (language?: string) => (language ? { headers: { 'x-language': language } } : {});
const errorOf = async (url: string, body: unknown, language: string | undefined, token?: string) => {
  const r = await call<{ error_msg: string; code: string }>(lib.app, url, body, {
    ...asked(language),
    ...(token ? { token } : {}),
  });
  return { status: r.status, code: r.body.code, error_msg: r.body.error_msg };
};

/** Failing calls, each with what it answers in English and in Chinese (the code and status never change). */
const CASES: {
  what: string;
  url: string;
  body: unknown;
  token?: string;
  status: number;
  code: string;
  said: Record<Language, string>;
}[] = [
  {
    what: 'a service refusal (no login)',
    url: '/api/file/star',
    body: { file_id: 'f1', active_star: true },
    status: 401,
    code: 'unauthorized',
    said: { en: 'Please login first', zh: '请先登录' },
  },
  {
    what: "the viewer's refusal (a token of no session)",
    url: '/api/file/star',
    body: { file_id: 'f1', active_star: true },
    token: 'no-such-session',
    status: 401,
    code: 'unauthorized',
    said: { en: 'Login expired, please login again', zh: '登录已过期，请重新登录' },
  },
  {
    what: 'a wrong password',
    url: '/api/user/login',
    body: { username: 'nobody_here', passwd: 'Wrong-password1' },
    status: 400,
    code: 'invalid_credentials',
    said: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  },
  {
    what: "the contract's own message for a field",
    url: '/api/user/email_code',
    body: {},
    status: 400,
    code: 'validation',
    said: { en: 'email: Please enter your e-mail', zh: 'email：请输入电子邮箱' },
  },
  {
    what: "zod's message for a field of the wrong type",
    url: '/api/file/search',
    body: { keyword: 'x', page_id: 'one' },
    status: 400,
    code: 'validation',
    said: {
      en: 'page_id: Invalid input: expected number, received string',
      zh: 'page_id：无效输入：期望 number，实际接收 string',
    },
  },
  {
    what: "a public form's first check (the security check)",
    url: '/api/pub/dmca_submit',
    body: {},
    status: 400,
    code: 'validation',
    said: { en: 'Please complete the security check', zh: '请完成安全验证' },
  },
  {
    what: 'an unknown endpoint',
    url: '/api/no/such/thing',
    body: {},
    status: 404,
    code: 'not_found',
    said: { en: 'No such endpoint: POST /api/no/such/thing', zh: '没有这个接口：POST /api/no/such/thing' },
  },
];

describe('X-Language: the server answers every message in the language asked', () => {
  for (const c of CASES) {
    it(`${c.what}: zh in Chinese, en and no header in English`, async () => {
      for (const [header, language] of [
        ['zh', 'zh'],
        ['en', 'en'],
        [undefined, 'en'],
      ] as const) {
        const r = await errorOf(c.url, c.body, header, c.token);
        expect(r, `${c.url} X-Language ${header ?? 'none'}`).toEqual({
          status: c.status,
          code: c.code,
          error_msg: c.said[language],
        });
      }
    });
  }

  it('reads zh-CN and ZH as Chinese, anything else as English', async () => {
    const star = { file_id: 'f1', active_star: true };
    for (const header of ['zh-CN', 'ZH', ' zh-hans ']) {
      expect((await errorOf('/api/file/star', star, header)).error_msg, header).toBe('请先登录');
    }
    for (const header of ['fr', 'en-US', '']) {
      expect((await errorOf('/api/file/star', star, header)).error_msg, header).toBe('Please login first');
    }
  });

  it("answers Fastify's own refusal of a body that is not JSON in the language asked", async () => {
    const send = (language: Language) =>
      lib.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', 'x-language': language },
        payload: '{"username":',
      });
    expect((await send('zh')).json()).toMatchObject({ error_msg: '请求体不是有效的 JSON' });
    expect((await send('en')).json()).toMatchObject({ error_msg: 'Request body is not valid JSON' });
  });

  it("quotes the report's passages under a heading in the asker's language (chat without a provider)", async () => {
    const file = await buildFile(lib.db, {
      pages: ['Warehouse revenue grew by twelve percent in the third quarter.'],
    });
    const chat = async (language: Language) => {
      const res = await lib.app.inject({
        method: 'POST',
        url: '/api/dialog/chat',
        headers: { authorization: `Bearer ${user.token}`, 'x-language': language },
        payload: { file_id: file.id, question: 'How did warehouse revenue grow?' },
      });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const zh = await chat('zh');
    expect(zh).toContain('报告中与您的问题最相符的段落：');
    expect(zh).toContain('Warehouse revenue grew');
    const en = await chat('en');
    expect(en).toContain('The passages of the report that best match your question:');
    expect(en).not.toContain('报告');
  });

  it('writes the e-mail carrying a code, or the notice sent instead, in the language of the request', async () => {
    const mailTo = async (email: string, language: Language) => {
      const r = await call(lib.app, '/api/user/email_code', { email }, asked(language));
      expect(r.status).toBe(200);
      const sent = (await readOutbox(join(lib.dir, 'outbox'))).filter((m) => m.to === email);
      expect(sent).toHaveLength(1);
      return sent[0]!;
    };
    const zh = await mailTo('lang-zh@example.com', 'zh');
    expect(zh.subject).toMatch(/^验证码 \d{6}$/);
    expect(zh.text).toContain('完成注册');
    const en = await mailTo('lang-en@example.com', 'en');
    expect(en.subject).toMatch(/^Verification code \d{6}$/);
    expect(en.text).toContain('to finish signing up');
    // A registered address gets the notice instead of a code, in the language asked too.
    const holder = await buildUser(lib.db, { email: 'lang-holder@example.com' });
    const notice = await mailTo(holder.email!, 'zh');
    expect(notice.subject).toBe('您已经有账号了');
    expect(notice.text).not.toMatch(/\d{6}/);
  });

  it("words why an upload failed in the owner's language (my files)", async () => {
    const file = await buildFile(lib.db, { ownerId: user.id, status: 'failed' });
    await lib.db
      .updateTable('files')
      .set({ fail_reason: 'The PDF has 3000 pages; the limit is 2000' })
      .where('id', '=', file.id)
      .execute();
    const reasonIn = async (language: Language) => {
      const r = await call<{ file_list: { id: string; fail_reason: string | null }[] }>(
        lib.app,
        '/api/file/myfiles',
        {},
        { token: user.token, ...asked(language) },
      );
      expect(r.status).toBe(200);
      return r.body.file_list.find((f) => f.id === file.id)?.fail_reason;
    };
    expect(await reasonIn('zh')).toBe('该 PDF 有 3000 页，上限为 2000 页');
    expect(await reasonIn('en')).toBe('The PDF has 3000 pages; the limit is 2000');
  });
});
