import { defineEndpoint } from '../endpoint.ts';
import { ZManagedOfferResponseSchema, ZOperatorOfferInputSchema } from './manage-offers.ts';

export const createOperatorOfferEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/offers',
  tags: ['operator'],
  summary: 'A new offer or coupon for a market’s service, or one of its shops (operators; logged)',
  access: ['operator'],
  body: ZOperatorOfferInputSchema,
  success: { 201: ZManagedOfferResponseSchema },
  refusals: [400, 401, 403, 404, 409],
});
