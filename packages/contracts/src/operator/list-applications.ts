import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { listEnvelope, listQuery } from '../envelope.ts';
import { ZApplicationSchema } from '../join/application.ts';
import { APPLICATION_STATUSES } from '../join/join-rules.ts';

/**
 * `GET /api/operator/applications` (operators): the queue of applications to join. With
 * `status=submitted` the oldest waiting come first; otherwise the newest.
 */
export const ZListApplicationsRequestSchema = listQuery(['submittedAt']).extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
  service: z.enum(SERVICE_IDS).optional(),
});
export type ListApplicationsRequest = z.infer<typeof ZListApplicationsRequestSchema>;

export const ZListApplicationsResponseSchema = listEnvelope(ZApplicationSchema);

export const ZApplicationParamsSchema = z.object({ id: z.uuid() });
export const ZApplicationDocumentParamsSchema = z.object({ id: z.uuid(), documentId: z.uuid() });
