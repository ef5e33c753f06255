import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyInstance } from 'fastify';

/** Methods whose requests carry a body that Fastify parses before any handler runs. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals a route gives by its shape alone, declared here once so that its schema (and so
 * the OpenAPI document) says them too: a request with a body may send one that is not JSON or
 * not parseable (400), too large (413) or of another type (415); parameters, a query or headers
 * that do not match their schema are a 400. Any route may find the database unreachable or
 * busy past the pool's wait: a 503 with Retry-After.
 */
export function declareStandardAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
    const declare = (status: number) => {
      response[status] ??= ZErrorResponseSchema;
    };
    const methods = [route.method].flat();
    if (schema.body || methods.some((method) => WITH_BODY.has(method))) {
      for (const status of [400, 413, 415]) declare(status);
    }
    if (schema.params || schema.querystring || schema.headers) declare(400);
    declare(503);
    route.schema = { ...schema, response };
  });
}
