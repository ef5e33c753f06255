import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationInputSchema, ZLocationSchema } from './location.ts';

export const ZCreateLocationRequestSchema = ZLocationInputSchema;
export type CreateLocationRequest = z.infer<typeof ZCreateLocationRequestSchema>;
export const ZCreateLocationResponseSchema = dataEnvelope(ZLocationSchema);

export const createLocationEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/locations',
  tags: ['locations'],
  summary: 'Create a location (operators)',
  access: ['operator'],
  body: ZCreateLocationRequestSchema,
  success: { 201: ZCreateLocationResponseSchema },
  refusals: [400, 401, 403, 404, 409, 422],
});
