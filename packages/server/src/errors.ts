import type { ErrorCode } from '@rl/contract';
import { render, type Message } from './messages/message.js';

/**
 * The one error a service throws to refuse a call: a code of the contract's catalogue
 * (`ERROR_CODES`), the message the user reads (a message of the catalogue in messages/, which the
 * error handler renders in the request's language), and the body's extra fields (`field`,
 * `need_verification`, `retry_after_s`, `received_bytes`, a refusal's `reason` and numbers). It
 * knows nothing of HTTP: the error handler (http/error-handler.ts) answers
 * `{ error_msg, code, ...extra }` with the code's status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** The message in the catalogue; `message` holds it in English, for the logs. */
    readonly localized: Message,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(render(localized, 'en'));
  }
}
