import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { MAX_LINE_QUANTITY, SUBSTITUTION_PREFERENCES, ZCartChoicesSchema, ZCartSchema } from './cart.ts';

/**
 * `POST /api/carts/{service}/items`: an item (by slug) with its choices and a quantity in its
 * unit. Adding an item already in the cart with the same choices adds to that line. Prices are
 * the catalog's; nothing about money is taken from the request.
 */
export const ZAddCartLineRequestSchema = z.strictObject({
  item: z.string().trim().min(1).max(200),
  quantity: z.number().positive().max(MAX_LINE_QUANTITY),
  choices: ZCartChoicesSchema.default([]),
  substitution: z.enum(SUBSTITUTION_PREFERENCES).default('best_match'),
});
export type AddCartLineRequest = z.infer<typeof ZAddCartLineRequestSchema>;

export const ZAddCartLineResponseSchema = dataEnvelope(ZCartSchema);
