import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hasBody } from './body-length.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's body is an upload: it may take long, and the route bounds its pace itself
     * (UPLOAD_STALL_S), so the body deadline does not apply.
     */
    uploadBody?: boolean;
  }
}

/**
 * A request's body must arrive whole within `ms` of its head, uploads aside: otherwise a client
 * declaring 1,000 bytes and sending 12 holds the connection until Node's request timeout (300 s).
 * Past the deadline the connection is closed. The timer ends with the body only: a route that
 * answers from the head (401) leaves Node reading the rest, which must come in time too. Injected
 * requests have no socket.
 */
export function closeLateBodies(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket as Socket | undefined;
    if (
      request.routeOptions.config.uploadBody ||
      !hasBody(request.headers) ||
      typeof socket?.destroy !== 'function'
    )
      return done();
    const timer = setTimeout(() => {
      if (!request.raw.complete) socket.destroy();
    }, ms);
    request.raw.once('end', () => clearTimeout(timer));
    done();
  });
}
