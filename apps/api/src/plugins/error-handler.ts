import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode, ErrorResponse } from '@malewa/contracts/errors';
import { REQUEST_ID_HEADER } from '@malewa/contracts/request-id';
import { isDatabaseUnavailable } from '@malewa/db/sql-state';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../app-error.ts';

/** Fastify's own client errors, as application codes. Anything else unexpected is INTERNAL. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/** Fastify's messages for these repeat the whole path, however long: a fixed one says enough. */
const BAD_URL_CODES = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

const PUBLIC_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'This conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as application/json.',
  BUSINESS_RULE: 'This cannot be done.',
  RATE_LIMITED: 'Too many requests. Please wait and try again.',
  REQUEST_TIMEOUT: 'The request took too long.',
  UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
};

/** Turns anything thrown while handling a request into an AppError. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'message';
      fields[key] = [...(fields[key] ?? []), issue.message ?? 'Invalid value'];
    }
    return new AppError('VALIDATION_FAILED', PUBLIC_MESSAGES.VALIDATION_FAILED, { fields, cause: error });
  }

  if (isFastifyError(error) && !isResponseSerializationError(error)) {
    if (BAD_URL_CODES.has(error.code)) return new AppError('VALIDATION_FAILED', 'This URL is not valid.');
    const code = FASTIFY_CODES[error.code];
    if (code) return new AppError(code, code === 'VALIDATION_FAILED' ? error.message : PUBLIC_MESSAGES[code]);
    if (error.statusCode === 404) return new AppError('NOT_FOUND', PUBLIC_MESSAGES.NOT_FOUND);
  }

  // The database is unreachable, restarting, or busy past the pool's wait: the request may
  // well succeed in a moment, and a client (or the storefront) may try again.
  if (isDatabaseUnavailable(error)) {
    return new AppError('UNAVAILABLE', PUBLIC_MESSAGES.UNAVAILABLE, { cause: error, retryAfterSeconds: 2 });
  }

  return new AppError('INTERNAL', PUBLIC_MESSAGES.INTERNAL, { cause: error });
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  const status = appError.status;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    // The cause says why (e.g. which check a social sign-in failed), for the log only.
    const cause = appError.cause instanceof Error ? appError.cause.message : appError.cause;
    request.log.info(
      { code: appError.code, status, ...(typeof cause === 'string' ? { cause } : {}) },
      appError.message,
    );
  }
  if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
  const body: ErrorResponse = {
    errors:
      appError.fields ?? (status >= 500 ? { message: PUBLIC_MESSAGES[appError.code] } : { message: appError.message }),
    ...(appError.problem && status < 500 ? { problem: appError.problem } : {}),
  };
  return reply.status(status).send(body);
}

/**
 * For Fastify's `frameworkErrors` option: a URL that cannot be decoded, or a path parameter
 * over `maxParamLength`, fails before routing and never reaches the error handler; without
 * this it would be answered in Fastify's own format.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook has run: the request id is said here (plugins/request-id.ts).
  reply.header(REQUEST_ID_HEADER, request.id);
  void sendError(error, request, reply);
}

/**
 * For Fastify's `clientErrorHandler`: what Node refuses before any route (a request that took
 * longer than the request timeout, headers too large, a malformed request), answered in the
 * same `{ errors }` format as everything else, and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'VALIDATION_FAILED']
        : [400, 'VALIDATION_FAILED'];
  const message =
    status === 431
      ? 'The request headers are too large.'
      : status === 400
        ? 'The request is not valid HTTP.'
        : PUBLIC_MESSAGES[code];
  const body = JSON.stringify({ errors: { message } } satisfies ErrorResponse);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The one place where errors become HTTP responses, in the one error body (docs/product/errors.md). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorResponse = { errors: { message: `No route for ${request.method} ${request.url.split('?')[0]}` } };
    return reply.status(404).send(body);
  });
}
