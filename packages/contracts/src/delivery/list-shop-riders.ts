import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from '../provider/listings.ts';
import { ZRiderSchema } from './rider.ts';

/** The shop's own riders, and the fleet riders who serve it (for assigning by hand). */
export const ZListShopRidersResponseSchema = z.object({ data: z.array(ZRiderSchema) });

export const listShopRidersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/riders',
  tags: ['provider'],
  summary: 'The riders who deliver for a shop: its own, then the fleet’s (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  success: { 200: ZListShopRidersResponseSchema },
  refusals: [400, 401, 403, 404],
});
