import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { err as serializeErr } from 'pino-std-serializers';

/**
 * Fields of database errors that carry the values of a statement (emails, names, tokens): the
 * driver's `params`, PostgreSQL's `detail` ("Key (email)=(…) already exists") and `where`.
 * The statement text itself has only placeholders and stays, to tell what failed.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where']);

type SerializedError = ReturnType<typeof serializeErr>;

/** An error as the log keeps it: name, message, code, stack and causes, never query values. */
export function serializeError(error: Error): SerializedError {
  const kept = withoutValues(serializeErr(error) as unknown as Record<string, unknown>, 0);
  // The serializer folds causes into the message; PostgreSQL's error code is worth keeping.
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof causeCode === 'string') kept.causeCode = causeCode;
  return kept as unknown as SerializedError;
}

function withoutValues(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) continue;
    kept[key] =
      typeof field === 'object' && field !== null && !Array.isArray(field) && depth < 5
        ? withoutValues(field as Record<string, unknown>, depth + 1)
        : field;
  }
  return kept;
}

/**
 * A request as the log keeps it: method, path without its query (where tokens and codes of
 * links travel), and the caller's address. Never headers: cookies and bearer tokens live there.
 */
export function serializeRequest(request: { method: string; url: string; ip?: string }): Record<string, unknown> {
  return { method: request.method, path: request.url.split('?')[0], remoteAddress: request.ip };
}

export type LogFormat = 'json' | 'pretty';

/**
 * The API's logger: JSON lines for machines in production, one readable line per event for a
 * person at the terminal of `npm start` and `npm run dev` (LOG_FORMAT=pretty).
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  destination?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const options = {
    level,
    serializers: { err: serializeError, req: serializeRequest },
    redact: { paths: ['req.headers', 'headers.authorization', 'headers.cookie'], remove: true },
  };
  if (format === 'json') return options;
  return {
    ...options,
    stream: pretty({
      colorize: false,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      // "INFO: incoming request GET /food [req-7]", not a JSON object per request: the request
      // id (the X-Request-Id the edge or the storefront sent) ties a page to its API calls.
      messageFormat:
        '{msg}{if req.method} {req.method} {req.path}{end}{if res.statusCode} {res.statusCode}{end}{if reqId} [{reqId}]{end}',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
      sync: true,
      ...(destination ? { destination } : {}),
    }),
  };
}
