import { dataEnvelope } from '../envelope.ts';
import { ZOrderSchema } from './order.ts';

/**
 * `POST /api/orders/{id}/cancel`: the shopper cancels before preparing starts; the stock and
 * the coupon's use come back. Later, or a second time, is a 409.
 */
export const ZCancelOrderResponseSchema = dataEnvelope(ZOrderSchema);
