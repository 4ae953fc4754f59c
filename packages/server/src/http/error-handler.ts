import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '@rl/contract';
import { isConnectionError } from '../db/dialect.js';
import { AppError } from '../errors.js';
import { statusOf } from './error-status.js';
import type { SendIndex } from './web-app.js';

/**
 * One error handler: every failure leaves as `{ error_msg, code, ... }`. A service's AppError
 * carries a code of the catalogue (ERROR_CODES) and gets that code's status (error-status.ts);
 * Fastify's own refusals (bad JSON, content type, body size) keep their status and Fastify's code.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { sendIndex: SendIndex | null }): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = toResponse(err, consumesOf(request.routeOptions.schema));
    if (body.code === ERROR_CODES.databaseUnavailable) {
      request.log.warn({ err }, 'request failed: the database is unavailable');
      // The pool reconnects by itself once the server is back: a client may simply call again.
      void reply.header('Retry-After', '5');
    } else if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, code: body.code, msg: body.error_msg }, 'request rejected');
    void reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Paths of the single-page app (/home/file, /my/upload, ...) get its index.html.
    if (
      opts.sendIndex &&
      request.method === 'GET' &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path)
    ) {
      return opts.sendIndex(reply);
    }
    return reply.status(statusOf(ERROR_CODES.notFound)).send({
      error_msg: `No such endpoint: ${request.method} ${path}`,
      code: ERROR_CODES.notFound,
    });
  });
}

/** The content types a route declares it reads (schema.consumes); JSON when it says nothing. */
function consumesOf(schema: unknown): string {
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.length ? consumes.join(' or ') : 'application/json';
}

function toResponse(err: FastifyError, consumes: string): { status: number; body: ErrorBody } {
  if (err instanceof AppError) {
    return { status: statusOf(err.code), body: { error_msg: err.message, code: err.code, ...err.extra } };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const what = first?.message ?? 'is invalid';
    return {
      status: statusOf(ERROR_CODES.validation),
      body: {
        error_msg: field ? `${field}: ${what}` : `Invalid request: ${what}`,
        code: ERROR_CODES.validation,
        field,
      },
    };
  }
  if (isResponseSerializationError(err)) return internal();
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        error_msg: clientMessage(err, status, consumes),
        code: err.code?.toLowerCase() ?? ERROR_CODES.badRequest,
      },
    };
  }
  return isConnectionError(err) ? databaseUnavailable() : internal();
}

/** Messages for Fastify's own 4xx errors (bad JSON, wrong content type, body too large). */
function clientMessage(err: FastifyError, status: number, consumes: string): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: send ${consumes}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty: send a JSON object';
    default:
      return status === 400 && err.message.includes('JSON') ? 'Request body is not valid JSON' : err.message;
  }
}

const databaseUnavailable = () => ({
  status: statusOf(ERROR_CODES.databaseUnavailable),
  body: {
    error_msg: 'The database is unavailable, please try again shortly',
    code: ERROR_CODES.databaseUnavailable,
  },
});

const internal = () => ({
  status: statusOf(ERROR_CODES.internal),
  body: { error_msg: 'Request failed, please try again later', code: ERROR_CODES.internal },
});
