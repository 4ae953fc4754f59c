import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageNonce } from './security-headers.js';

/** Answers with the app's index.html, carrying this response's style nonce. */
export type SendIndex = (reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated. Answers how to
 * send index.html (null when the app was not found); the not-found handler answers the SPA's own
 * routes with it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<SendIndex | null> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built (npm run build:web); serving the API only');
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
    preCompressed: true,
    index: false,
    // index.html only through sendIndex: a copy without the nonce would render unstyled.
    allowedPath: (path) => path !== '/index.html',
    setHeaders(reply, path) {
      void reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Read per response (a few hundred bytes): a rebuilt app is served without a restart.
  const sendIndex: SendIndex = async (reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withNonce(await readFile(index, 'utf8'), pageNonce(reply)));
  app.get('/', (_req, reply) => sendIndex(reply));
  return sendIndex;
}

/**
 * Puts the response's CSP nonce where the page's code looks for it: `<meta name="csp-nonce">`, the
 * convention the ALTCHA widget follows; the app hands it to antd. Reading it takes script, and a
 * CSS selector that could leak it would need a <style> element, which needs the nonce.
 */
export function withNonce(html: string, nonce: string): string {
  const meta = `<meta name="csp-nonce" content="${nonce}" />`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}
