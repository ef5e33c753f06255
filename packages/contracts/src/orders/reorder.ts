import { z } from 'zod';
import { ZCartSchema } from '../carts/cart.ts';
import { ZLocalizedTextSchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZGetOrderParamsSchema } from './get-order.ts';

/**
 * `POST /api/orders/{id}/reorder`: the order's lines go back into the shopper's cart of its
 * service and market, at today's prices; lines that cannot be bought now (gone, sold out, their
 * choices changed) are left out and named in `skipped`.
 */
export const ZReorderResponseSchema = dataEnvelope(
  z.object({ cart: ZCartSchema, skipped: z.array(ZLocalizedTextSchema) }),
);

export const reorderEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/orders/:id/reorder',
  tags: ['orders'],
  summary: 'Put one of my orders back in my cart at today’s prices; what cannot be bought now is named',
  access: 'signed-in',
  params: ZGetOrderParamsSchema,
  success: { 200: ZReorderResponseSchema },
  refusals: [401, 404],
});
