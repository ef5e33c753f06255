import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZProviderCardSchema } from './catalog-card.ts';
import { SERVICE_IDS } from './vocabulary.ts';

export const MAX_MAP_RADIUS_KM = 50;

export const ZMapProvidersRequestSchema = z.object({
  service: z.enum(SERVICE_IDS).optional(),
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  radiusKm: z.coerce.number().positive().max(MAX_MAP_RADIUS_KM).default(10),
});
export type MapProvidersRequest = z.infer<typeof ZMapProvidersRequestSchema>;

/** Active providers within the radius of the point, nearest first, whatever their delivery radius. */
export const ZMapProvidersResponseSchema = z.object({ data: z.array(ZProviderCardSchema) });
export type MapProvidersResponse = z.infer<typeof ZMapProvidersResponseSchema>;

export const mapProvidersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/map',
  tags: ['catalog'],
  summary: 'Providers near a point, with their distance (the map view)',
  access: 'anyone',
  headers: ZStoreHeadersSchema,
  query: ZMapProvidersRequestSchema,
  success: { 200: ZMapProvidersResponseSchema },
  refusals: [400],
});
