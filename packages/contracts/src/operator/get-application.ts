import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZApplicationSchema } from '../join/application.ts';
import { ZApplicationParamsSchema } from './list-applications.ts';

/** `GET /api/operator/applications/{id}` (operators): one application with its documents. */
export const ZGetApplicationResponseSchema = dataEnvelope(ZApplicationSchema);

export const getApplicationEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/applications/:id',
  tags: ['operator'],
  summary: 'One application with its documents (operators)',
  access: ['operator'],
  params: ZApplicationParamsSchema,
  success: { 200: ZGetApplicationResponseSchema },
  refusals: [400, 401, 403, 404],
});
