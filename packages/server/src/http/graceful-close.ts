import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for connections that have just finished their request. */
const SWEEP_MS = 100;

/**
 * Lets a closing server end. Fastify closes the keep-alive connections that are idle when close()
 * is called, but a connection whose request was still running then goes back to idle afterwards
 * and stays open until its client lets go (the keep-alive timeout is 72 s): the close, and with it
 * a SIGTERM, waited that long. While closing, connections are closed as soon as they idle; requests
 * under way still finish.
 */
export function closeConnectionsAsTheyIdle(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS).unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
