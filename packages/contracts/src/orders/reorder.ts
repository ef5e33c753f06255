import { z } from 'zod';
import { ZCartSchema } from '../carts/cart.ts';
import { ZLocalizedTextSchema } from '../catalog/catalog-card.ts';
import { dataEnvelope } from '../envelope.ts';

/**
 * `POST /api/orders/{id}/reorder`: the order's lines go back into the shopper's cart of its
 * service and market, at today's prices; lines that cannot be bought now (gone, sold out, their
 * choices changed) are left out and named in `skipped`.
 */
export const ZReorderResponseSchema = dataEnvelope(
  z.object({ cart: ZCartSchema, skipped: z.array(ZLocalizedTextSchema) }),
);
