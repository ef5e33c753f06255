import type { ErrorCode, Problem } from '@malewa/contracts/errors';

/** The one HTTP status of each application error code. */
const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS_OF[code];
}

/**
 * The only error type services throw on purpose. `fields` carries per-field messages for
 * VALIDATION_FAILED; the message of a 5xx never reaches a client. `retryAfterSeconds` (for
 * RATE_LIMITED) becomes the `Retry-After` header; `problem` is one of the endpoint's declared
 * problems, for the client to act on.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly problem: Problem | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { fields?: Record<string, string[]>; cause?: unknown; retryAfterSeconds?: number; problem?: Problem },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.problem = options?.problem;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}
