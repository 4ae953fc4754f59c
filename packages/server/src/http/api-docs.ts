import fastifySwagger from '@fastify/swagger';
import { ERROR_CODES } from '@rl/contract';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { adminOfRequest, type AdminOfToken } from './admin-guard.js';
import { VERSION } from '../version.js';
import { AppError } from '../errors.js';
import { msg } from '../messages/message.js';

export const DOCS_PREFIX = '/api/docs';
const CONSOLE_PREFIX = '/api/manage/';

/**
 * The OpenAPI document is built from the routes' schemas: registered before any route so that it
 * sees them all (API_DOCS=off: nothing is collected nor served).
 */
export async function registerApiSpec(app: FastifyInstance, mode: Config['apiDocs']): Promise<void> {
  if (mode === 'off') return;
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Research library API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
}

/**
 * Serves the document and its UI at /api/docs. The console's calls (/api/manage/*) are listed only
 * for a request with an administrator's bearer token; with API_DOCS=admin everything under
 * /api/docs answers 404 to anyone else, as if it did not exist.
 */
export async function registerApiDocsUi(
  app: FastifyInstance,
  mode: Config['apiDocs'],
  adminOfToken: AdminOfToken,
): Promise<void> {
  if (mode === 'off') return;
  const admins = new WeakSet<FastifyRequest>();
  await app.register(async (scope) => {
    // An admin token is not a user session: the viewer must not refuse it as a stale login.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, staleTokenOk: true };
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiHooks: {
        onRequest: async (request: FastifyRequest) => {
          if (await adminOfRequest(adminOfToken, request)) admins.add(request);
          else if (mode === 'admin')
            throw new AppError(
              ERROR_CODES.notFound,
              msg('noSuchEndpoint', { method: request.method, path: request.url }),
            );
        },
      },
      transformSpecification: (spec, request) =>
        admins.has(request) ? spec : withoutConsole(spec as OpenApiDoc),
      transformSpecificationClone: true,
      // Swagger UI writes <style> elements without the app's nonce. Its page shows only the
      // document generated here, so it alone may use inline styles.
      transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  });
}

interface OpenApiDoc {
  paths?: Record<string, unknown>;
}

function withoutConsole(spec: OpenApiDoc): OpenApiDoc {
  const paths = Object.fromEntries(
    Object.entries(spec.paths ?? {}).filter(([path]) => !path.startsWith(CONSOLE_PREFIX)),
  );
  return { ...spec, paths };
}
