import { defineEndpoint } from '../endpoint.ts';
import { ZShopParamsSchema } from '../provider/listings.ts';
import { ZManagedOfferResponseSchema, ZOfferInputSchema } from './manage-offers.ts';

export const createShopOfferEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/shops/:shopId/offers',
  tags: ['provider'],
  summary: 'A new offer or coupon for a shop’s items (its people only)',
  access: ['provider'],
  params: ZShopParamsSchema,
  body: ZOfferInputSchema,
  success: { 201: ZManagedOfferResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
