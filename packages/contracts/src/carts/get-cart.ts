import { dataEnvelope } from '../envelope.ts';
import { ZCartSchema } from './cart.ts';

/** `GET /api/carts/{service}`: the shopper's cart of that service in their market (empty if none). */
export const ZGetCartResponseSchema = dataEnvelope(ZCartSchema);
