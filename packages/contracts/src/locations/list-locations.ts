import type { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope, listQuery } from '../envelope.ts';
import { ZLocationSchema } from './location.ts';

export const LOCATION_SORT_FIELDS = ['name', 'slug', 'countryCode', 'createdAt', 'updatedAt'] as const;

export const ZListLocationsRequestSchema = listQuery(LOCATION_SORT_FIELDS);
export type ListLocationsRequest = z.infer<typeof ZListLocationsRequestSchema>;
export type ListLocationsRequestInput = z.input<typeof ZListLocationsRequestSchema>;

export const ZListLocationsResponseSchema = listEnvelope(ZLocationSchema);
export type ListLocationsResponse = z.infer<typeof ZListLocationsResponseSchema>;

export const listLocationsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/locations',
  tags: ['locations'],
  summary: 'List locations',
  access: 'anyone',
  query: ZListLocationsRequestSchema,
  success: { 200: ZListLocationsResponseSchema },
  refusals: [400],
});
