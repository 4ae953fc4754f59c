import type { ErrorCode } from '@rl/contract';

/**
 * The one error a service throws to refuse a call: a code of the contract's catalogue
 * (`ERROR_CODES`), the message the user reads, and the body's extra fields (`field`,
 * `need_verification`, `retry_after_s`, `received_bytes`). It knows nothing of HTTP: the error
 * handler (http/error-handler.ts) answers `{ error_msg, code, ...extra }` with the code's status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
