/**
 * Typed errors thrown by domain and handler code. The HTTP stack's error handler is the only
 * place that turns them into the contract's envelope; anything else becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input is wrong; `errors` maps each bad field to its message. */
export class Invalid extends AppError {
  constructor(message: string, errors: Record<string, string> = {}) {
    super(400, message, { errors });
  }
}

/** 401: missing, bad, expired or revoked token. */
export class Unauthorized extends AppError {
  constructor(message = 'Token invalid or missing') {
    super(401, message);
  }
}

/** 403: authenticated but not allowed. */
export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** 404: unknown id or path. */
export class NotFound extends AppError {
  constructor(message = 'Not found', extra: Record<string, unknown> = {}) {
    super(404, message, extra);
  }
}

/** 405: the path exists, the method does not. */
export class MethodNotAllowed extends AppError {
  constructor(readonly allow: string[]) {
    super(405, 'Method not allowed');
  }
}

/** 409: a business refusal (balance, stock, shop closed, price changed, duplicate). */
export class Conflict extends AppError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(409, message, extra);
  }
}

/** 429: too many attempts. */
export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many attempts, please try again later',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** 503: a service we depend on (the payment gateway) cannot answer now; trying again later may work. */
export class ServiceUnavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
