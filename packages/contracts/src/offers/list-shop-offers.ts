import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from '../provider/listings.ts';
import { ZManagedOffersResponseSchema } from './manage-offers.ts';

export const listShopOffersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/provider/shops/:shopId/offers',
  tags: ['provider'],
  summary: 'A shop’s own offers and coupons, newest first (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  success: { 200: ZManagedOffersResponseSchema },
  refusals: [400, 401, 403, 404],
});
