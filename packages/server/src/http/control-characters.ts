import { ERROR_CODES } from '@rl/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { msg } from '../messages/message.js';

/**
 * C0 and C1 control characters other than tab, line feed and carriage return. NUL is what matters
 * most: PostgreSQL's text refuses it while SQLite stores it, so one input would answer 500 on one
 * database and poison a copy of the other. No field of any form has a use for the others.
 */
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The dotted path of the first string in `value` holding a control character, '' for the value itself; null if none. */
export function controlCharacterPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (CONTROL.test(node)) return path;
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (isPlainObject(node)) {
      for (const [key, item] of Object.entries(node)) {
        if (CONTROL.test(key)) return path;
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** An object of parsed input: JSON's, or a query string's (whose prototype has a null prototype). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Refuses, before any route's validation, a body, query or path parameter carrying a control
 * character, with the same validation error on both databases.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = controlCharacterPath(part);
      if (field === null) continue;
      throw new AppError(
        ERROR_CODES.validation,
        msg('fieldInvalid', { field, what: msg('hasControlCharacters') }),
        {
          field: field || undefined,
        },
      );
    }
  });
}
