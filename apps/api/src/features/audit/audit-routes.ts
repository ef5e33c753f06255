import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZListAuditLogRequestSchema, ZListAuditLogResponseSchema } from '@malewa/contracts/operator/list-audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/access-control.ts';
import type { AuditRepository } from './audit-repository.ts';
import { listAuditLog } from './list-audit-log.ts';

/** The operators' audit log (issue 13 §2): read-only here, appended to by the flows that act. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditRepository }> = async (app, deps) => {
  app.get(
    '/operator/audit-log',
    {
      onRequest: requireRole('operator'),
      schema: {
        security: [{ bearer: [] }],
        tags: ['operator'],
        summary: 'The audit log of operator actions, newest first (operators)',
        querystring: ZListAuditLogRequestSchema,
        response: {
          200: ZListAuditLogResponseSchema,
          400: ZErrorResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
        },
      },
    },
    (request) => listAuditLog(deps, request.query),
  );
};
