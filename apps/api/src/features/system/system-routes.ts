import { ZHealthResponseSchema, ZReadinessResponseSchema } from '@malewa/contracts/system/health';
import { ZPingResponseSchema } from '@malewa/contracts/system/ping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReadiness, type ReadinessDeps } from './check-readiness.ts';

/** Liveness and readiness probes, outside both API groups. */
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
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ping',
    { schema: { tags: ['auth'], summary: 'Auth API heartbeat', response: { 200: ZPingResponseSchema } } },
    async () => ({ data: { pong: true as const, time: new Date().toISOString() } }),
  );
};
