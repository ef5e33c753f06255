import { defineEndpoint } from '../endpoint.ts';
import { ZEndOfferProblemSchema, ZManagedOfferResponseSchema, ZOfferParamsSchema } from './manage-offers.ts';

export const endOperatorOfferEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/operator/offers/:id/end',
  tags: ['operator'],
  summary: 'End any offer now (operators; logged)',
  access: ['operator'],
  params: ZOfferParamsSchema,
  success: { 200: ZManagedOfferResponseSchema },
  refusals: [400, 401, 403, 404, 409],
  problems: ZEndOfferProblemSchema,
});
