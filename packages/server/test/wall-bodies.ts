import type { AppError } from '../src/errors.js';

/** The English body the server answers for `err` (error-handler.ts), to compare whole bodies. */
export const bodyOf = (err: AppError): Record<string, unknown> => ({
  error_msg: err.message,
  code: err.code,
  ...err.extra,
});
