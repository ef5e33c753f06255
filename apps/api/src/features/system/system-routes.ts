import { ZHealthResponseSchema, ZReadinessResponseSchema } from '@malewa/contracts/system/health';
import { pingEndpoint } from '@malewa/contracts/system/ping';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { checkReadiness, type ReadinessDeps } from './check-readiness.ts';

/**
 * Liveness and readiness probes, outside both API groups: not endpoints (contracts/endpoint.ts),
 * which live under /api or /auth, and /readyz's 503 is an answer with a body, not a refusal.
 */
export const probeRoutes: FastifyPluginAsyncZod<ReadinessDeps> = async (app, deps) => {
  app.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: ZHealthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The process can serve traffic: accepting requests and the database answers',
        response: { 200: ZReadinessResponseSchema, 503: ZReadinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(deps);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};

/** `GET /auth/ping`, the specification's auth API heartbeat. */
export const pingRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, pingEndpoint, {
    handler: () => ({ data: { pong: true as const, time: new Date().toISOString() } }),
  });
};
