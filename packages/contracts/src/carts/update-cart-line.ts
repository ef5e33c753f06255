import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { MAX_LINE_QUANTITY, SUBSTITUTION_PREFERENCES, ZCartLineParamsSchema, ZCartSchema } from './cart.ts';

/**
 * `PATCH /api/carts/{service}/items/{lineId}`: a new quantity (in the item's unit) or
 * substitution preference. Changing the quantity accepts today's price. "This one instead"
 * (`specific`) names the item (`substitute`, by id or slug): another item of the same shop, one of
 * `GET …/items/{lineId}/substitutes`.
 */
export const ZUpdateCartLineRequestSchema = z
  .strictObject({
    quantity: z.number().positive().max(MAX_LINE_QUANTITY).optional(),
    substitution: z.enum(SUBSTITUTION_PREFERENCES).optional(),
    substitute: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('With `specific`: the item to pack instead, by its id or its slug'),
  })
  .refine((body) => body.quantity !== undefined || body.substitution !== undefined, {
    message: 'Send a quantity or a substitution preference',
  })
  .refine((body) => (body.substitution === 'specific') === (body.substitute !== undefined), {
    message: 'Name the item (substitute) with "this one instead" (specific), and only then',
    path: ['substitute'],
  });
export type UpdateCartLineRequest = z.infer<typeof ZUpdateCartLineRequestSchema>;

export const ZUpdateCartLineResponseSchema = dataEnvelope(ZCartSchema);

export const updateCartLineEndpoint = defineEndpoint({
  api: 'base',
  method: 'PATCH',
  path: '/carts/:service/items/:lineId',
  tags: ['carts'],
  summary: 'Change the quantity or substitution preference of a line of my cart',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartLineParamsSchema,
  body: ZUpdateCartLineRequestSchema,
  success: { 200: ZUpdateCartLineResponseSchema },
  refusals: [400, 404, 409, 422],
});
