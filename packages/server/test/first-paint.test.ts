import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widthClassOf } from '../src/modules/first-paint/routes.js';
import { buildFile } from './factories.js';
import { call, openTestLibrary, type TestLibrary } from './harness.js';

/**
 * The search page sent with its first screen (modules/first-paint). The renderer here is a stand-in
 * for the web's (its real one is built by the web and driven in the browser journeys, e2e/first-paint):
 * it answers the landing list's search for the search page and writes each report it is given.
 */
const RENDERER = `
export function firstPaintSearch(url) {
  const { pathname, searchParams } = new URL(url);
  if (pathname !== '/home/file' || searchParams.has('file')) return null;
  const filter = searchParams.has('country') ? { country: searchParams.get('country') } : {};
  const request = { keyword: searchParams.get('q') ?? '', page_id: 1, page_length: 20, filter, sorting: 'date_desc', title_only: false };
  return { request, url: 'http://localhost/home/file' };
}
export async function renderFirstPaint({ width, search, language }) {
  globalThis.firstPaintRenders = (globalThis.firstPaintRenders ?? 0) + 1;
  if (globalThis.firstPaintFails) throw new Error('the renderer broke');
  const items = search.file_list.map((f) => '<li data-id="' + f.id + '" data-locked="' + Boolean(f.locked) + '"></li>');
  const key = language === 'en-US' ? 'default' : 'key-' + language;
  return { html: '<ul class="paint">' + items.join('') + '</ul>', css: ':root{--paint:1}', key, media: '(' + width + ')', lang: language };
}`;

const CHECK = "(function () { document.documentElement.dataset.checked = 'yes'; })();";
const START = '(function () { var entry = document.querySelector(\'meta[name="app-entry"]\'); })();';
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>t</title>' +
  `<script>${CHECK}</script>` +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-def.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">' +
  `</head><body><div id="root"></div><script>${START}</script></body></html>`;

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

const renders = () => (globalThis as { firstPaintRenders?: number }).firstPaintRenders ?? 0;
const setFailing = (fails: boolean) => Object.assign(globalThis, { firstPaintFails: fails });

function webBuild(withRenderer: boolean): string {
  const web = mkdtempSync(join(tmpdir(), 'rl-first-paint-web-'));
  mkdirSync(join(web, 'ssr'), { recursive: true });
  writeFileSync(join(web, 'index.html'), INDEX);
  if (withRenderer) writeFileSync(join(web, 'ssr', 'render-first-paint.js'), RENDERER);
  return web;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The answers the page holds, as the app reads them. */
function pageAnswers(html: string): { body: unknown; answer: { file_list: { id: string }[] } }[] {
  const json = /<script type="application\/json" id="rl-page-answers">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : [];
}

describe('the search page with its first screen', () => {
  let lib: TestLibrary;
  let web: string;
  const page = (url: string, agent = PHONE) =>
    lib.app.inject({ method: 'GET', url, headers: { 'user-agent': agent } });

  beforeAll(async () => {
    web = webBuild(true);
    lib = await openTestLibrary({ WEB_DIST: web });
    await buildFile(lib.db, { title: 'Copper in 2027', publishDate: '2026-10-01' });
    await buildFile(lib.db, {
      title: 'Old copper </script><script>alert(1)</script>',
      publishDate: '2024-02-01',
    });
  });
  afterAll(async () => {
    await lib.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('puts the landing list into the page, as a visitor would get it, with the answer the app takes', async () => {
    const res = await page('/home/file');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toMatch(/<html lang="en-US" data-first-paint="default" data-first-paint-media="\(phone\)">/);
    const visitor = await call<{ file_list: { id: string; locked?: unknown }[] }>(
      lib.app,
      '/api/file/search',
      {},
    );
    const ids = visitor.body.file_list.map((f) => f.id);
    expect(ids).toHaveLength(2);
    // The markup, inert until the app replaces it, with each report and its lock as the visitor sees it.
    const root =
      /<div id="root"><div class="rl-first-paint" inert><ul class="paint">(.*?)<\/ul><\/div><\/div>/.exec(
        html,
      );
    expect(root, html).not.toBeNull();
    for (const file of visitor.body.file_list) {
      expect(root![1]).toContain(`<li data-id="${file.id}" data-locked="${Boolean(file.locked)}">`);
    }
    expect(visitor.body.file_list.some((f) => f.locked)).toBe(true);
    // The app's own call, answered in the page: the body it sends and the visitor's answer.
    const [search] = pageAnswers(html);
    expect(search).toMatchObject({ method: 'POST', path: '/api/file/search', status: 200 });
    expect(search!.body).toEqual({
      keyword: '',
      page_id: 1,
      page_length: 20,
      filter: {},
      sorting: 'date_desc',
      title_only: false,
    });
    expect(search!.answer).toEqual(visitor.body);
    // Its CSS in a style element carrying the page's nonce.
    const nonce = /<meta name="csp-nonce" content="([^"]+)" \/>/.exec(html)?.[1];
    expect(html).toContain(`<style nonce="${nonce}">:root{--paint:1}</style></head>`);
  });

  it('cannot be broken out of by a title: the answers are JSON that never closes its element', async () => {
    const html = (await page('/home/file')).body;
    const json = /<script type="application\/json" id="rl-page-answers">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>\\u003cscript>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it("names the app's modules instead of loading them: the page's last script loads them after the paint", async () => {
    const html = (await page('/home/file')).body;
    expect(html).toContain('<meta name="app-entry" content="/assets/index-abc.js">');
    expect(html).toContain('<meta name="app-module" content="/assets/react-def.js">');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
  });

  it("allows exactly the page's own inline scripts, by their hashes", async () => {
    for (const url of ['/home/file', '/my/upload', '/admin']) {
      const csp = String((await page(url)).headers['content-security-policy']);
      const scripts = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
      expect(scripts, url).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(CHECK), sha256(START)]);
    }
  });

  it("renders it in the reader's language, as the app's cookie says; anything else is the default", async () => {
    const inLanguage = (cookie: string) =>
      lib.app.inject({ method: 'GET', url: '/home/file', headers: { 'user-agent': PHONE, cookie } });
    const chinese = (await inLanguage('theme=dark; locale=zh-CN')).body;
    expect(chinese).toMatch(/<html lang="zh-CN" data-first-paint="key-zh-CN" /);
    for (const cookie of ['locale=fr-FR', 'locale=', 'locale=zh-CN<script>', 'other=zh-CN']) {
      expect((await inLanguage(cookie)).body, cookie).toMatch(
        /<html lang="en-US" data-first-paint="default" /,
      );
    }
  });

  it('lays the paint out for the width the browser says it has', async () => {
    expect((await page('/home/file', DESKTOP)).body).toContain('data-first-paint-media="(desktop)"');
    expect(widthClassOf({ 'user-agent': PHONE })).toBe('phone');
    expect(widthClassOf({ 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).toBe('phone');
    expect(
      widthClassOf({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' }),
    ).toBe('phone');
    expect(widthClassOf({ 'user-agent': 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) Safari/604.1' })).toBe(
      'tablet',
    );
    expect(widthClassOf({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X910) Safari/537.36' })).toBe(
      'tablet',
    );
    expect(widthClassOf({ 'user-agent': DESKTOP })).toBe('desktop');
    expect(widthClassOf({})).toBe('desktop');
  });

  it('leaves a search that counts to the app: a keyword or a filter in the URL gets no paint, and nothing is counted', async () => {
    const fingerprint = 'first-paint-visitor';
    const before = await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { fingerprint });
    for (const url of [
      '/home/file?q=copper',
      '/home/file?country=China',
      '/home/file?file=abc',
      '/my/upload',
    ]) {
      const html = (await page(url)).body;
      expect(html, url).not.toContain('data-first-paint');
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
    await page('/home/file');
    const after = await call<Record<string, number>>(lib.app, '/api/user/quota', {}, { fingerprint });
    expect(after.body.search_quota).toBe(before.body.search_quota);
  });

  it('renders again only when the answer changed: a new report shows at once', async () => {
    await page('/home/file');
    const rendered = renders();
    await page('/home/file');
    expect(renders()).toBe(rendered);
    const added = await buildFile(lib.db, { title: 'Copper, the new one', publishDate: '2026-11-20' });
    const [search] = pageAnswers((await page('/home/file')).body);
    expect(search!.answer.file_list.map((f) => f.id)).toContain(added.id);
    expect(renders()).toBe(rendered + 1);
  });

  it('sends the page without a paint when the renderer fails', async () => {
    await buildFile(lib.db, { title: 'Copper again', publishDate: '2026-11-19' });
    setFailing(true);
    try {
      const res = await page('/home/file');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('data-first-paint');
    } finally {
      setFailing(false);
    }
  });
});

describe('without a renderer, or with FIRST_PAINT=off', () => {
  it('sends the page as the build wrote it', async () => {
    for (const [withRenderer, env] of [
      [false, {}],
      [true, { FIRST_PAINT: 'off' }],
    ] as const) {
      const web = webBuild(withRenderer);
      const lib = await openTestLibrary({ WEB_DIST: web, ...env });
      try {
        await buildFile(lib.db, { title: 'Copper in 2027' });
        const res = await lib.app.inject({
          method: 'GET',
          url: '/home/file',
          headers: { 'user-agent': PHONE },
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('data-first-paint');
        expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      } finally {
        await lib.close();
        rmSync(web, { recursive: true, force: true });
      }
    }
  });
});
