import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationIdParamsSchema, ZLocationInputSchema, ZLocationSchema } from './location.ts';

/** PUT replaces the location: the body is a whole location, as for create. */
export const ZUpdateLocationRequestSchema = ZLocationInputSchema;
export type UpdateLocationRequest = z.infer<typeof ZUpdateLocationRequestSchema>;
export const ZUpdateLocationResponseSchema = dataEnvelope(ZLocationSchema);

export const updateLocationEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/locations/:id',
  tags: ['locations'],
  summary: 'Replace a location (operators)',
  access: ['operator'],
  params: ZLocationIdParamsSchema,
  body: ZUpdateLocationRequestSchema,
  success: { 200: ZUpdateLocationResponseSchema },
  refusals: [400, 401, 403, 404, 409, 422],
});
