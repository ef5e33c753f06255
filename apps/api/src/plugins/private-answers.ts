import type { FastifyInstance } from 'fastify';

/**
 * The answers of the routes registered after this, in this plugin, are one shopper's own money,
 * carts, orders or header: never kept by a shared cache. A callback hook, as every hook on a
 * hot path: an async one costs each request a promise and a turn of the queue.
 */
export function keepAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'private, no-store');
    done(null, payload);
  });
}
