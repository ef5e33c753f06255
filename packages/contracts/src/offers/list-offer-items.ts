import { defineEndpoint } from '../endpoint.ts';
import { ZOfferItemsParamsSchema, ZOfferItemsResponseSchema } from './manage-offers.ts';

/** What an operator can limit one shop's offer to: its items sold (no recipes), by name. */
export const listOfferItemsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/providers/:id/offer-items',
  tags: ['operator'],
  summary: 'A shop’s items, to limit an offer to (operators)',
  access: ['operator'],
  params: ZOfferItemsParamsSchema,
  success: { 200: ZOfferItemsResponseSchema },
  refusals: [400, 401, 403, 404],
});
