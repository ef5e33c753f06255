import { z } from 'zod';
import { ZLocalizedTextSchema, ZMoneySchema } from '../catalog/catalog-card.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';
import { ZCartLineParamsSchema } from './cart.ts';

/**
 * `GET /api/carts/{service}/items/{lineId}/substitutes`: what the shop of a line could pack
 * instead of its item, for "this one instead": its other items on sale, those of the same
 * category first, then the closest in price. A line of another shopper's cart is a 404.
 */
export const ZSubstituteSchema = z.object({
  slug: z.string(),
  name: ZLocalizedTextSchema,
  price: ZMoneySchema,
  unit: z.string(),
  images: z.array(z.string()),
});
export type Substitute = z.infer<typeof ZSubstituteSchema>;

export const ZListSubstitutesResponseSchema = dataEnvelope(
  z.object({ line: z.object({ id: z.uuid(), name: ZLocalizedTextSchema }), substitutes: z.array(ZSubstituteSchema) }),
);
export type SubstitutesOfLine = z.infer<typeof ZListSubstitutesResponseSchema>['data'];

export const listSubstitutesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/carts/:service/items/:lineId/substitutes',
  tags: ['carts'],
  summary: 'What the shop of a line of my cart could pack instead of its item (“this one instead”)',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  params: ZCartLineParamsSchema,
  success: { 200: ZListSubstitutesResponseSchema },
  refusals: [400, 404],
});
