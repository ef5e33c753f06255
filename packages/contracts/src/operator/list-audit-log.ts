import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, listQuery } from '../envelope.ts';

/** One operator action: who, when, what, on what, the record before and after. */
export const ZAuditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid(), label: z.string() }),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof ZAuditEntrySchema>;

/** `GET /api/operator/audit-log` (operators): newest first, optionally of one subject. */
export const ZListAuditLogRequestSchema = listQuery(['at']).extend({
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(80).optional(),
});
export type ListAuditLogRequest = z.infer<typeof ZListAuditLogRequestSchema>;
export const ZListAuditLogResponseSchema = listEnvelope(ZAuditEntrySchema);

export const listAuditLogEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/audit-log',
  tags: ['operator'],
  summary: 'The audit log of operator actions, newest first (operators)',
  access: ['operator'],
  query: ZListAuditLogRequestSchema,
  success: { 200: ZListAuditLogResponseSchema },
  refusals: [400, 401, 403],
});
