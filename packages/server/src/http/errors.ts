/** Typed errors mapped by the error handler to the statuses of SPEC.md section 8. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class BadRequest extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}, code = 'bad_request') {
    super(400, code, message, extra);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Login expired, please login again') {
    super(401, 'unauthorized', message);
  }
}
export class Forbidden extends AppError {
  constructor(message = "You don't have permission", code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, 'too_large', message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Request too frequent, please try again later') {
    super(429, 'too_many_requests', message);
  }
}
export class ServiceUnavailable extends AppError {
  constructor(message: string) {
    super(503, 'unavailable', message);
  }
}
