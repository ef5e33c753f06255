import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER, requestIdOf } from '@malewa/contracts/request-id';
import type { FastifyInstance } from 'fastify';

/**
 * For Fastify's `genReqId`: the caller's X-Request-Id when it is a sane token (the storefront's,
 * a load balancer's), else a new one. It becomes `request.id`, the `reqId` of every log line.
 */
export function requestIdFor(request: IncomingMessage): string {
  return requestIdOf(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

/**
 * Every answer says its request id: set on the raw response before anything else, so that
 * errors, 404s, 503s and the hijacked event streams carry it as well as the routes' answers.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
