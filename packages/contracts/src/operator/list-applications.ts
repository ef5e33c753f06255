import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
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

export const listApplicationsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/applications',
  tags: ['operator'],
  summary: 'Applications to join (operators)',
  access: ['operator'],
  query: ZListApplicationsRequestSchema,
  success: { 200: ZListApplicationsResponseSchema },
  refusals: [400, 401, 403, 404],
});
