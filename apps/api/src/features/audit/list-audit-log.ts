import { listMeta } from '@malewa/contracts/envelope';
import type { ListAuditLogRequest } from '@malewa/contracts/operator/list-audit-log';
import type { AuditRepository } from './audit-repository.ts';

/** The audit log, newest first, optionally of one subject (an application, a provider). */
export async function listAuditLog(deps: { audit: AuditRepository }, query: ListAuditLogRequest) {
  const { entries, total } = await deps.audit.list({
    subjectType: query.subjectType,
    subjectId: query.subjectId,
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return { data: entries, meta: listMeta(query.page, query.perPage, total) };
}
