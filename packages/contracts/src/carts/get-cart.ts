import { dataEnvelope } from '../envelope.ts';
import { ZCartSchema, ZDeliveryPointQuerySchema } from './cart.ts';

/**
 * `GET /api/carts/{service}`: the shopper's cart of that service in their market (empty if none),
 * priced for delivery to `lat`/`lng` when given.
 */
export const ZGetCartRequestSchema = ZDeliveryPointQuerySchema;
export const ZGetCartResponseSchema = dataEnvelope(ZCartSchema);
