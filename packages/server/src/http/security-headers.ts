import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** HSTS as helmet would send it: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

type WithNonce = ServerResponse & { cspNonce?: string };

/** The style nonce of this response (web-app.ts hands it to the page's antd). */
export function cspNonceOf(reply: FastifyReply): string {
  return (reply.raw as WithNonce).cspNonce ?? '';
}

/**
 * Security headers of every response.
 *
 * CSP: scripts only from this origin, plus WebAssembly compilation for pdf.js's image decoders
 * ('wasm-unsafe-eval' allows WebAssembly, not JavaScript eval). Style elements need this response's
 * nonce: antd's CSS-in-JS and the ALTCHA widget write their <style> tags with it. Style attributes
 * stay allowed (style-src-attr): antd's TextArea sizes itself with setAttribute('style'); an
 * attribute styles one element and has no selectors, so it cannot read the page the way an
 * injected <style> could. (Style properties set from script, React's style prop, are not covered
 * by CSP at all.)
 *
 * HSTS only on a request that came over HTTPS (directly, or by a trusted proxy's
 * X-Forwarded-Proto): over plain HTTP the header is meaningless, and a LAN install served on
 * http:// must not be told otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Before helmet's own hook, which reads the nonce when it writes the header.
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as WithNonce).cspNonce = randomBytes(16).toString('base64');
  });
  const styleNonce = (_req: unknown, res: unknown) => `'nonce-${(res as WithNonce).cspNonce ?? ''}'`;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", styleNonce],
        styleSrcAttr: ["'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Plain-http deployments on a LAN must keep working: no forced upgrade to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('Strict-Transport-Security', HSTS);
  });
}
