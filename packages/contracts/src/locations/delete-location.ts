import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationIdParamsSchema } from './location.ts';

export const ZDeleteLocationResponseSchema = dataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));

export const deleteLocationEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/locations/:id',
  tags: ['locations'],
  summary: 'Delete a location (operators)',
  access: ['operator'],
  params: ZLocationIdParamsSchema,
  success: { 200: ZDeleteLocationResponseSchema },
  refusals: [400, 401, 403, 404, 409, 422],
});
