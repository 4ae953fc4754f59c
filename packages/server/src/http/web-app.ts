import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated. Answers whether
 * the app was found; the not-found handler then answers the SPA's own routes with index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ distDir }, 'web app not built (npm run build:web); serving the API only');
    return false;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // The build writes .br and .gz beside each asset; they are sent to browsers that accept them.
    preCompressed: true,
    index: false,
    setHeaders(reply, path) {
      void reply.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  return true;
}
