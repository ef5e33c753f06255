import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { ZOrderSchema } from './order.ts';

/**
 * `POST /api/orders/{id}/rating`: the shopper rates a delivered order, once (a second rating
 * is a 409); the stars feed the provider's average.
 */
export const ZRateOrderRequestSchema = z.strictObject({
  stars: z.number().int().min(1).max(5),
  comment: z.string().trim().max(1000).optional(),
});
export const ZRateOrderResponseSchema = dataEnvelope(ZOrderSchema);

export const rateOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/orders/:id/rating',
  tags: ['orders'],
  summary: 'Rate one of my delivered orders, once (1 to 5 stars and a comment)',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  body: ZRateOrderRequestSchema,
  success: { 200: ZRateOrderResponseSchema },
  refusals: [400, 401, 404, 409],
});
