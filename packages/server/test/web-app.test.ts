import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLibrary, type TestLibrary } from './harness.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** The built web app is served at / with the SPA's own routes answered by index.html. */
describe('serving the web app', () => {
  let lib: TestLibrary;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'rl-web-'));
    for (const folder of ['assets', 'pdfjs', 'ssr']) mkdirSync(join(web, folder));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    lib = await openTestLibrary({ WEB_DIST: web });
  });
  afterAll(() => lib.close());
  const get = (url: string) => lib.app.inject({ method: 'GET', url });

  it('sends / and /home to the search page, keeping the query', async () => {
    for (const [url, to] of [
      ['/', '/home/file'],
      ['/home', '/home/file'],
      ['/?q=copper', '/home/file?q=copper'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('serves index.html at every SPA route, never cached', async () => {
    for (const url of ['/home/file', '/my/upload?x=1', '/some/unknown/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves index.html at page paths holding a dot', async () => {
    for (const url of [
      '/redirect/%2F%2Fevil.invalid',
      '/redirect/%2Fhome%2Ffile%3Fq%3Dv1.2',
      '/home/company/0700.HK',
      '/my/file.pdf',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('id="root"');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await get('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error_msg: expect.any(String) });
    for (const url of [
      '/assets/missing.js',
      '/assets/fonts/missing.woff2',
      '/missing.ico',
      '/pdfjs/cmaps/missing.bcmap',
      '/ssr/x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});
