import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../text/escape-html.js';
import { pagePolicy } from './security-headers.js';

/** A first screen rendered on the server, and the answers the app finds in the page (modules/first-paint). */
export interface PagePaint {
  /** The markup of the app's root. */
  html: string;
  /** CSS its markup reads (the theme's variables). */
  css: string;
  /** The browser state and the width it was rendered for; index.html's first script compares them. */
  key: string;
  media: string;
  /** Its language: the page's `lang`. */
  lang: string;
  answers: unknown[];
}

/** Answers with the app's index.html, carrying this response's style nonce and, if given, a first paint. */
export type SendIndex = (reply: FastifyReply, paint?: PagePaint | null) => Promise<FastifyReply>;

/** The built web app: how to send its page, and which paths are its files rather than its pages. */
export interface WebApp {
  sendIndex: SendIndex;
  isBuildFile: (path: string) => boolean;
}

/**
 * What the static server never serves: index.html (and its compressed copies) only through
 * sendIndex, the server's own renderer not at all.
 */
const PRIVATE_PATHS = /^\/(?:index\.html(?:\.br|\.gz)?$|ssr\/)/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated. Answers how to
 * send index.html and which paths are the build's files (null when the app was not found); the
 * not-found handler answers the SPA's own routes with the page.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<WebApp | null> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built (npm run build:web); serving the API only');
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    // One route for every file, looked up on disk when asked for: `wildcard: false` walked the
    // build at start and gave each of its ~900 files (pdf.js's maps and fonts, the compressed
    // copies) two routes, which every HTTP process built before it listened. A path that is no
    // file goes to the not-found handler (the app's pages, or a 404).
    wildcard: true,
    // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
    preCompressed: true,
    index: false,
    // index.html only through sendIndex: a copy without the nonce would render unstyled.
    allowedPath: (path) => !PRIVATE_PATHS.test(path),
    setHeaders(reply, path) {
      void reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Read per response (a few kB): a rebuilt app is served without a restart.
  const sendIndex: SendIndex = async (reply, paint) => {
    const html = await readFile(index, 'utf8');
    const nonce = pagePolicy(reply, inlineScriptHashes(html));
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withPaint(withNonce(html, nonce), paint ?? null, nonce));
  };
  // The app's home is the search page (SPEC.md section 2): sent there at once, where the page may
  // come with its first screen, rather than after the app has loaded.
  for (const home of ['/', '/home']) {
    app.get(home, (request, reply) => reply.redirect(`/home/file${queryOf(request.url)}`));
  }
  // Read once: a rebuild keeps its folders.
  const folders = readdirSync(distDir, { withFileTypes: true }).filter((e) => e.isDirectory());
  return { sendIndex, isBuildFile: buildFiles(new Set(folders.map((e) => e.name))) };
}

/**
 * Whether a path names a file of the build (a missing one is a 404) rather than a page of the app:
 * a path in one of the build's folders (`folders`: assets/, pdfjs/, ssr/), or a file name at the
 * top (favicon.svg). A dot says nothing elsewhere: pages end in a ticker (`/home/company/0700.HK`)
 * or carry a path (`/redirect/%2F%2Fhost.example`).
 */
function buildFiles(folders: ReadonlySet<string>): (path: string) => boolean {
  return (path) => folders.has(path.split('/')[1] ?? '') || /^\/[^/]*\.[a-z0-9]+$/i.test(path);
}

/**
 * Puts the response's CSP nonce where the page's code looks for it: `<meta name="csp-nonce">`, the
 * convention the ALTCHA widget follows; the app hands it to antd. Reading it takes script, and a
 * CSS selector that could leak it would need a <style> element, which needs the nonce.
 */
export function withNonce(html: string, nonce: string): string {
  return insertAfter(html, /<head[^>]*>/i, `<meta name="csp-nonce" content="${nonce}" />`);
}

/**
 * The CSP sources of index.html's own inline scripts (the first one decides whether a first paint
 * shows): each allowed by its hash, so nothing else inline may run.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** The app's entry script and module preloads as the build writes them into index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Puts a first paint into the page: its key and width on <html> (read by index.html's first
 * script before anything paints), its CSS in a nonced <style>, its markup in the root (the app's
 * first render replaces it) and the answers after the root, as JSON that cannot close its element.
 * The app's modules are named instead of loaded; index.html's last script loads them once the
 * paint is on screen: loaded at once they would share the connection with the paint's stylesheet,
 * and their run would hold the paint back.
 */
export function withPaint(html: string, paint: PagePaint | null, nonce: string): string {
  if (!paint) return html;
  const answers = JSON.stringify(paint.answers).replace(/</g, '\\u003c');
  let page = html.replace(/<html[^>]*>/i, (tag) =>
    tag
      .replace(/ lang="[^"]*"/, ` lang="${escapeHtml(paint.lang)}"`)
      .replace(
        />$/,
        ` data-first-paint="${escapeHtml(paint.key)}" data-first-paint-media="${escapeHtml(paint.media)}">`,
      ),
  );
  page = page
    .replace(ENTRY_SCRIPT, '<meta name="app-entry" content="$1">')
    .replace(MODULE_PRELOAD, '<meta name="app-module" content="$1">');
  page = page.replace(
    '</head>',
    `<style nonce="${nonce}">${paint.css.replace(/</g, '\\3c ')}</style></head>`,
  );
  return page.replace(
    '<div id="root"></div>',
    `<div id="root"><div class="rl-first-paint" inert>${paint.html}</div></div>` +
      `<script type="application/json" id="rl-page-answers">${answers}</script>`,
  );
}

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
};

function insertAfter(html: string, pattern: RegExp, text: string): string {
  const found = pattern.exec(html);
  if (!found) return text + html;
  const at = found.index + found[0].length;
  return html.slice(0, at) + text + html.slice(at);
}
