import { defineEndpoint } from '../endpoint.ts';
import { listEnvelope } from '../envelope.ts';
import { ZListOperatorOffersQuerySchema, ZManagedOfferSchema } from './manage-offers.ts';

export const ZListOperatorOffersResponseSchema = listEnvelope(ZManagedOfferSchema);

export const listOperatorOffersEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/offers',
  tags: ['operator'],
  summary: 'Every offer and coupon, by market, service and state (operators)',
  access: ['operator'],
  query: ZListOperatorOffersQuerySchema,
  success: { 200: ZListOperatorOffersResponseSchema },
  refusals: [400, 401, 403, 404],
});
