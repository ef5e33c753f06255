import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZLocationIdParamsSchema, ZLocationSchema } from './location.ts';

export const ZGetLocationRequestSchema = ZLocationIdParamsSchema;
export const ZGetLocationResponseSchema = dataEnvelope(ZLocationSchema);
export type GetLocationResponse = z.infer<typeof ZGetLocationResponseSchema>;

export const getLocationEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/locations/:id',
  tags: ['locations'],
  summary: 'One location',
  access: 'anyone',
  params: ZGetLocationRequestSchema,
  success: { 200: ZGetLocationResponseSchema },
  refusals: [400, 404],
});
