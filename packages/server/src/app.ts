import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerWebApp } from './http/web-app.js';
import { createJobsRepo } from './jobs/jobs-repo.js';
import { createFileUrls } from './modules/files/file-urls.js';
import { createFilesRepo } from './modules/files/repo.js';
import { fileRoutes } from './modules/files/routes.js';
import { createFilesService } from './modules/files/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createIssuersRepo } from './modules/issuers/repo.js';
import { issuerRoutes } from './modules/issuers/routes.js';
import { createSearchRepo } from './modules/search/repo.js';
import { searchRoutes } from './modules/search/routes.js';
import { createSearchService } from './modules/search/service.js';
import type { Clock } from './platform/clock.js';
import { createUrlSigner } from './platform/signing.js';
import type { FileStorage } from './platform/storage.js';
import { VERSION } from './version.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppParts {
  config: Config;
  db: Db;
  storage: FileStorage;
  clock: Clock;
  /** The process's logger; silent when absent (tests). */
  logger?: Logger;
}

/** Builds the HTTP application from its parts. No side effects at import; nothing listens yet. */
export async function buildApp(parts: AppParts): Promise<App> {
  const { config, db, storage, clock } = parts;
  const app = Fastify({
    loggerInstance: (parts.logger ?? pino({ level: 'silent' })) as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Plain-http deployments on a LAN must keep working: no forced upgrade to https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Research library API', version: VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const spa = await registerWebApp(app, config.webDist);
  registerErrorHandler(app, { spa });

  const files = createFilesRepo(db);
  const urls = createFileUrls({
    signer: createUrlSigner(config.signingSecret),
    clock,
    ttlS: config.fileUrlTtlS,
    publicUrl: config.publicUrl,
  });
  await app.register(searchRoutes(createSearchService(createSearchRepo(db))));
  await app.register(fileRoutes(createFilesService({ repo: files, urls }), storage));
  await app.register(issuerRoutes(createIssuersRepo(db)));
  await app.register(
    healthRoutes({ files, jobs: createJobsRepo(db), version: VERSION, llmConfigured: false }),
  );
  return app;
}
