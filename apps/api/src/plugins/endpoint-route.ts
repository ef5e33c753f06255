import type { Endpoint, EndpointOutput, EndpointRequest, SuccessStatus } from '@malewa/contracts/endpoint';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from './access-control.ts';

/** The request as an endpoint's handler sees it: its parts checked against the endpoint's schemas. */
export type EndpointFastifyRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  Pick<EndpointRequest<E>, 'params' | 'query' | 'body'>;

/**
 * Decides and answers. It returns the success body: with one success status the route sends
 * it with that status; with several, the handler sets the status itself (`reply.code`). A stream
 * hijacks the reply and returns nothing.
 */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointFastifyRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointOutput<E> | undefined> | EndpointOutput<E>;

export interface EndpointRouteOptions<E extends Endpoint> {
  /** Success content types other than JSON (an event stream, a file), by status. */
  content?: Partial<Record<SuccessStatus, readonly string[]>>;
  /** Hooks that run before the endpoint's access check (e.g. a stricter limit). */
  onRequest?: onRequestHookHandler[];
  handler: EndpointHandler<E>;
}

/** The app's validation, but for a body: a multipart form's handler reads it as it streams. */
const skipBody = (route: { httpPart?: string }) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never);

/** What the OpenAPI document says of a repeatable endpoint (`Endpoint.repeatable`), for other clients. */
const REPEATABLE =
  'Repeatable: it names the state it moves to, and one already there is answered as it is. A client may send it again, without an Idempotency-Key, when the API was not reached or a gateway answered 502, 503 or 504.';

const ACCESS_SECURITY = {
  anyone: undefined,
  'anyone-or-signed-in': [{ bearer: [] }, {}],
} as const;

function accessHook(access: Endpoint['access']): onRequestHookHandler | undefined {
  if (access === 'anyone' || access === 'anyone-or-signed-in') return undefined;
  if (access === 'signed-in') return requireSignedIn;
  return requireRole(...access);
}

/**
 * Registers `endpoint` on `app`, whose prefix must be the endpoint's API (`/api` or `/auth`):
 * its access check, its schemas (checked on every request and answer, and feeding the OpenAPI
 * document) and its handler.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions<E>,
): void {
  const prefix = endpoint.api === 'base' ? '/api' : '/auth';
  if (app.prefix !== prefix) {
    throw new Error(`${endpoint.method} ${endpoint.path} belongs under ${prefix}, not under "${app.prefix}"`);
  }
  const statuses = Object.keys(endpoint.success).map(Number) as SuccessStatus[];
  const response: Record<number, unknown> = {};
  for (const status of statuses) {
    const schema = endpoint.success[status];
    const types = options.content?.[status];
    response[status] = types ? { content: Object.fromEntries(types.map((type) => [type, { schema }])) } : schema;
  }
  const refusal = endpoint.problems
    ? ZErrorResponseSchema.extend({ problem: endpoint.problems.optional() })
    : ZErrorResponseSchema;
  for (const status of endpoint.refusals) response[status] = refusal;

  const access = accessHook(endpoint.access);
  const security =
    typeof endpoint.access === 'string' && endpoint.access in ACCESS_SECURITY
      ? ACCESS_SECURITY[endpoint.access as keyof typeof ACCESS_SECURITY]
      : [{ bearer: [] }];
  const only = statuses.length === 1 ? statuses[0] : undefined;
  const multipart = endpoint.bodyType === 'multipart/form-data';
  const description = [endpoint.description, endpoint.repeatable ? REPEATABLE : undefined].filter(Boolean).join('\n\n');

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: [...(options.onRequest ?? []), ...(access ? [access] : [])],
    ...(multipart ? { validatorCompiler: skipBody } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(description ? { description } : {}),
      ...(security ? { security: security as unknown as { [scheme: string]: string[] }[] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(multipart ? { consumes: [endpoint.bodyType] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      const body = await options.handler(request as unknown as EndpointFastifyRequest<E>, reply);
      if (reply.sent) return reply;
      if (only !== undefined && reply.statusCode === 200) reply.code(only);
      return only === 204 ? reply.send() : body;
    },
  });
}
