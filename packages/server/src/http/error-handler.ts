import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DEFAULT_REASONS, ERROR_CODES, type ErrorBody, type ErrorCode } from '@rl/contract';
import { isConnectionError } from '../db/dialect.js';
import { AppError } from '../errors.js';
import type { Language } from '../messages/bilingual.js';
import { msg, render, type Message } from '../messages/message.js';
import { issueText } from './validation-text.js';
import { statusOf } from './error-status.js';
import { languageOf } from './request-language.js';
import type { WebApp } from './web-app.js';

/**
 * One error handler: every failure leaves as `{ error_msg, code, ... }`. A service's AppError
 * carries a code of the catalogue (ERROR_CODES) and gets that code's status (error-status.ts);
 * Fastify's own refusals (bad JSON, content type, body size) keep their status and Fastify's code.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { web: WebApp | null }): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = toResponse(err, consumesOf(request.routeOptions.schema), languageOf(request));
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
    const { web } = opts;
    if (web && request.method === 'GET' && !path.startsWith('/api/') && !web.isBuildFile(path)) {
      return web.sendIndex(reply);
    }
    return reply.status(statusOf(ERROR_CODES.notFound)).send({
      error_msg: render(msg('noSuchEndpoint', { method: request.method, path }), languageOf(request)),
      code: ERROR_CODES.notFound,
    });
  });
}

/** The content types a route declares it reads (schema.consumes); JSON when it says nothing. */
function consumesOf(schema: unknown): string {
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.length ? consumes.join(' or ') : 'application/json';
}

function toResponse(
  err: FastifyError,
  consumes: string,
  language: Language,
): { status: number; body: ErrorBody } {
  const text = (message: Message) => render(message, language);
  if (err instanceof AppError) {
    const error_msg = text(err.localized);
    // Every 403 and 429 names its reason (walls.ts of the contract); the service's own comes last.
    const reason = DEFAULT_REASONS[err.code];
    return {
      status: statusOf(err.code),
      body: { error_msg, code: err.code, ...(reason && { reason }), ...err.extra },
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const what = first ? issueText(first, language) : text(msg('isInvalid'));
    return {
      status: statusOf(ERROR_CODES.validation),
      body: {
        error_msg: text(field ? msg('fieldInvalid', { field, what }) : msg('requestInvalid', { what })),
        code: ERROR_CODES.validation,
        field,
      },
    };
  }
  if (isResponseSerializationError(err)) return failure(ERROR_CODES.internal, text(msg('internal')));
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return {
      status,
      body: {
        error_msg: text(clientMessage(err, status, consumes)),
        code: err.code?.toLowerCase() ?? ERROR_CODES.badRequest,
      },
    };
  }
  return isConnectionError(err)
    ? failure(ERROR_CODES.databaseUnavailable, text(msg('databaseUnavailable')))
    : failure(ERROR_CODES.internal, text(msg('internal')));
}

/** Messages for Fastify's own 4xx errors (bad JSON, wrong content type, body too large). */
function clientMessage(err: FastifyError, status: number, consumes: string): Message {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return msg('unsupportedContentType', { consumes });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return msg('bodyTooLarge');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return msg('emptyJsonBody');
    default:
      return status === 400 && err.message.includes('JSON')
        ? msg('invalidJson')
        : msg('requestRefused', { detail: err.message });
  }
}

const failure = (code: ErrorCode, error_msg: string) => ({
  status: statusOf(code),
  body: { error_msg, code },
});
