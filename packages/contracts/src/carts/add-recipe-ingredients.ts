import { z } from 'zod';
import { ZLocalizedTextSchema } from '../catalog/catalog-card.ts';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';

/**
 * `POST /api/carts/recipe-ingredients`: "add all ingredients" of a Cookbook recipe for a number
 * of servings. Each ingredient a Grocery or Farm shop near the shopper sells goes into that
 * service's cart (the cheapest seller, enough of it for the servings, in its unit and step);
 * what no shop nearby sells, or cannot be added now, is named in `skipped`.
 */
export const ZAddRecipeIngredientsRequestSchema = z.strictObject({
  recipe: z.string().trim().min(1).max(200),
  servings: z.number().int().min(1).max(24),
});
export type AddRecipeIngredientsRequest = z.infer<typeof ZAddRecipeIngredientsRequestSchema>;

export const ZAddRecipeIngredientsResponseSchema = dataEnvelope(
  z.object({
    added: z.array(
      z.object({
        service: z.enum(SERVICE_IDS),
        item: z.string(),
        name: ZLocalizedTextSchema,
        quantity: z.number().positive(),
        unit: z.string(),
      }),
    ),
    skipped: z.array(ZLocalizedTextSchema),
  }),
);
export type AddRecipeIngredientsResult = z.infer<typeof ZAddRecipeIngredientsResponseSchema>['data'];

export const addRecipeIngredientsEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/carts/recipe-ingredients',
  tags: ['carts'],
  summary: 'Add all ingredients of a recipe, for some servings, to my Grocery and Farm carts',
  access: 'anyone-or-signed-in',
  headers: ZCartHeadersSchema,
  body: ZAddRecipeIngredientsRequestSchema,
  success: { 200: ZAddRecipeIngredientsResponseSchema },
  refusals: [400, 404],
});
