import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZAddRiderBaseSchema, ZRiderSchema } from './rider.ts';

/** A rider of the marketplace's fleet, serving a city's shops, or the shops listed, or both. */
export const ZAddFleetRiderRequestSchema = ZAddRiderBaseSchema.extend({
  locationId: z.uuid().nullable().default(null),
  shopIds: z.array(z.uuid()).max(50).default([]),
}).refine((input) => input.locationId !== null || input.shopIds.length > 0, {
  message: 'Choose the city or the shops this rider serves',
  path: ['locationId'],
});
export type AddFleetRiderRequest = z.infer<typeof ZAddFleetRiderRequestSchema>;
export const ZAddFleetRiderResponseSchema = dataEnvelope(ZRiderSchema);

export const addFleetRiderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/riders',
  tags: ['operator'],
  summary: 'Add a rider to the marketplace’s fleet, for a city or for shops (operators; logged)',
  access: ['operator'],
  body: ZAddFleetRiderRequestSchema,
  success: { 201: ZAddFleetRiderResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
