import { listAuditLogEndpoint } from '@malewa/contracts/operator/list-audit-log';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { AuditRepository } from './audit-repository.ts';
import { listAuditLog } from './list-audit-log.ts';

/**
 * The operators' audit log (docs/product/providers.md, audit log): read-only here, appended to by
 * the flows that act.
 */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditRepository }> = async (app, deps) => {
  registerEndpoint(app, listAuditLogEndpoint, { handler: (request) => listAuditLog(deps, request.query) });
};
