import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { closeLateBodies } from './body-deadline.js';
import { registerCompression } from './compression.js';
import { refuseControlCharacters } from './control-characters.js';
import { closeConnectionsAsTheyIdle } from './graceful-close.js';
import { fastifyTrustProxy } from '../platform/trust-proxy.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The bare Fastify instance: body limit and deadline, trusted proxies, zod schemas, no control
 * characters in input, compression, a graceful close.
 */
export function createHttpServer(config: Config, log: Logger): App {
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Only named proxies (TRUST_PROXY) may say who the client is and whether it used HTTPS.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  closeConnectionsAsTheyIdle(app);
  closeLateBodies(app, config.bodyDeadlineS * 1000);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  refuseControlCharacters(app);
  registerCompression(app);
  return app;
}
