import type { FastifyInstance } from 'fastify';
import type { ApiMetrics } from '../metrics/api-metrics.ts';

/**
 * Times every answer into the request histogram under its route pattern (`/api/orders/:id`,
 * never the raw path; `unmatched` for a 404 of no route), and counts the database errors
 * requests meet. An event stream is left out: its duration is how long the page watched.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Pick<ApiMetrics, 'request' | 'databaseError'>) {
  app.addHook('onResponse', (request, reply, done) => {
    const type = reply.raw.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/event-stream')) {
      metrics.request(
        request.routeOptions.url ?? 'unmatched',
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    metrics.databaseError(error);
    done();
  });
}
