import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

const dist = mkdtempSync(join(tmpdir(), 'rl-web-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it('costs its HTTP process a few routes at start, however many files the build holds', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'pdfjs'));
    for (let i = 0; i < 300; i++) {
      writeFileSync(join(dist, 'assets', `chunk-${i}.js`), `export const n = ${i};`);
      writeFileSync(join(dist, 'pdfjs', `map-${i}.bcmap`), 'x');
    }
    const app = Fastify();
    const routes: string[] = [];
    app.addHook('onRoute', (r) => void routes.push(r.url));
    await registerWebApp(app, dist);
    await app.ready();
    // Every route built at start is paid by every HTTP process before it listens.
    expect(routes.length).toBeLessThan(10);
    // The files are served all the same, and a path that is no file is not.
    const file = await app.inject({ method: 'GET', url: '/assets/chunk-299.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('export const n = 299;');
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    await app.close();
  });
});
