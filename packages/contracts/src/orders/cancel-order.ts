import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';
import { ZOrderSchema } from './order.ts';

/**
 * `POST /api/orders/{id}/cancel`: the shopper cancels before preparing starts; the stock and
 * the coupon's use come back. Later, or a second time, is a 409.
 */
export const ZCancelOrderResponseSchema = dataEnvelope(ZOrderSchema);

export const cancelOrderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/orders/:id/cancel',
  tags: ['orders'],
  summary: 'Cancel one of my orders before it is being prepared; stock and coupon come back',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  success: { 200: ZCancelOrderResponseSchema },
  refusals: [401, 404, 409],
});
