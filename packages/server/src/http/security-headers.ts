import { randomBytes } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** HSTS as helmet would send it: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Scripts only from this origin, plus WebAssembly compilation for pdf.js's image decoders. */
const SCRIPT_SRC = "'self' 'wasm-unsafe-eval'";

/** The policy's directives; script-src and style-src are given per response (the page's carry more). */
const DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['worker-src', "'self' blob:"],
  ['img-src', "'self' data: blob:"],
  ['style-src-attr', "'unsafe-inline'"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['frame-ancestors', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['script-src-attr', "'none'"],
];

const policy = (scriptSrc: string, styleSrc: string) =>
  [...DIRECTIVES, ['script-src', scriptSrc], ['style-src', styleSrc]]
    .map(([name, value]) => `${name} ${value}`)
    .join(';');

/** Powerful browser features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Every answer that is not the page: no inline script or style element may run (there is none to allow). */
const STATIC_POLICY = policy(SCRIPT_SRC, "'self'");

/**
 * The CSP of the page being sent: a fresh style nonce (web-app.ts puts it in the page for antd),
 * and the hashes of the page's own inline scripts. Answers the nonce. Only the page gets one:
 * building a nonce and a policy per API answer cost about 4 % of an HTTP worker's CPU under load.
 */
export function pagePolicy(reply: FastifyReply, scriptHashes: string[]): string {
  const nonce = randomBytes(16).toString('base64');
  const scripts = [SCRIPT_SRC, ...scriptHashes].join(' ');
  void reply.header('Content-Security-Policy', policy(scripts, `'self' 'nonce-${nonce}'`));
  return nonce;
}

/**
 * Security headers of every response.
 *
 * CSP: scripts only from this origin (and the page's own inline scripts, by hash), plus WebAssembly
 * compilation for pdf.js's image decoders ('wasm-unsafe-eval' allows WebAssembly, not JavaScript
 * eval). Style elements need the page's
 * nonce: antd's CSS-in-JS and the ALTCHA widget write their <style> tags with it. Style attributes
 * stay allowed (style-src-attr): antd's TextArea sizes itself with setAttribute('style'); an
 * attribute styles one element and has no selectors, so it cannot read the page the way an
 * injected <style> could. (Style properties set from script, React's style prop, are not covered
 * by CSP at all.) The policy strings are built once; helmet sends the other headers.
 *
 * HSTS only on a request that came over HTTPS (directly, or by a trusted proxy's
 * X-Forwarded-Proto): over plain HTTP the header is meaningless, and a LAN install served on
 * http:// must not be told otherwise.
 *
 * API answers are not stored by any cache unless their route says otherwise (a PDF's bytes, kept
 * privately and revalidated): many carry personal data (an account, a token, an upload list).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Content-Security-Policy', STATIC_POLICY);
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
  });
}
