import { z } from 'zod';
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
