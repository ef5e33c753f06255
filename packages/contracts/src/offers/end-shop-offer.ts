import { defineEndpoint } from '../endpoint.ts';
import { ZEndOfferProblemSchema, ZManagedOfferResponseSchema, ZOfferParamsSchema } from './manage-offers.ts';

export const endShopOfferEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/provider/offers/:id/end',
  tags: ['provider'],
  summary: 'End one of the shop’s offers now',
  access: ['provider'],
  params: ZOfferParamsSchema,
  success: { 200: ZManagedOfferResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  problems: ZEndOfferProblemSchema,
});
