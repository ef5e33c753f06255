import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
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
