import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsAsTheyIdle } from '../src/http/graceful-close.js';

/**
 * A SIGTERM that arrives while a request runs on a keep-alive connection: the request finishes,
 * then the connection is closed and the server ends, instead of waiting for the client to drop the
 * connection (Fastify's keep-alive timeout is 72 s).
 */
describe('closing the server with a request under way on a keep-alive connection', () => {
  it('finishes the request, then closes the connection and ends', async () => {
    const app = Fastify();
    closeConnectionsAsTheyIdle(app);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    try {
      const answer = new Promise<number>((resolve, reject) =>
        request(`${url}/slow`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end(),
      );
      await running;
      const closed = app.close().then(() => 'closed');
      expect(await answer).toBe(200);
      // The client keeps its connection; only the server can end it.
      const outcome = await Promise.race([
        closed,
        new Promise((resolve) => setTimeout(() => resolve('still open'), 20_000)),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      agent.destroy();
      await app.close();
    }
  }, 60_000);
});
