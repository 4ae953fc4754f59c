import type { ErrorBody } from '@rl/contract';
import type { Locale } from '../config/locales';

export type ApiErrorKind = 'http' | 'network' | 'contract';

/** The body of an error response: the contract's `ErrorBody`, or whatever else a proxy sent. */
export type ErrorPayload = Partial<ErrorBody> & { detail?: unknown };

function messageOf(body: ErrorPayload | null): string | null {
  if (!body) return null;
  if (typeof body.error_msg === 'string' && body.error_msg.trim()) return body.error_msg;
  if (typeof body.detail === 'string' && body.detail.trim()) return body.detail;
  return null;
}

/** A failed call: an HTTP error status, a network failure, or a response that breaks the contract. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  readonly body: ErrorPayload | null;
  /** The server's message (`error_msg`, else `detail`), if any. */
  readonly serverMessage: string | null;
  /** The interface language the call was sent in (its X-Language): the server's message is in it. */
  readonly language: Locale | null;

  constructor(
    kind: ApiErrorKind,
    status: number,
    body: ErrorPayload | null,
    fallbackMessage: string,
    language: Locale | null = null,
  ) {
    const serverMessage = messageOf(body);
    super(serverMessage ?? fallbackMessage);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
    this.language = language;
  }

  get needVerification(): boolean {
    return this.body?.need_verification === true;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
