import { ERROR_CODES } from '@rl/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { MessageKey } from '../../messages/catalogue.js';
import { fromEnglish } from '../../messages/from-english.js';
import { msg } from '../../messages/message.js';

interface Issue {
  instancePath: string;
  message?: string;
}

/**
 * For the public forms, whose routes set `attachValidation`: a body that failed the contract
 * answers 400 like any other call, except that the form-level fields in `plain` come first and
 * answer their message alone (e.g. 'Please complete the security check'), with `field` set. A
 * null message keeps the contract's own message for that field.
 */
export function refuseInvalidForm(request: FastifyRequest, plain: Record<string, MessageKey | null>): void {
  const err = request.validationError;
  if (!err) return;
  const issues: Issue[] = (err as { validation?: Issue[] }).validation ?? [];
  for (const [field, message] of Object.entries(plain)) {
    const issue = issues.find((i) => i.instancePath.split('/')[1] === field);
    if (!issue) continue;
    const said = message ? msg(message) : issue.message ? fromEnglish(issue.message) : null;
    throw new AppError(ERROR_CODES.validation, said ?? msg('isInvalid'), { field });
  }
  throw err;
}
