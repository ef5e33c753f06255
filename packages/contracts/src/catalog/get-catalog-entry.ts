import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope, ZListMetaSchema } from '../envelope.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZItemCardSchema, ZLocalizedTextSchema, ZMoneySchema, ZProviderCardSchema } from './catalog-card.ts';
import type { ServiceId } from './vocabulary.ts';

/** `/{service}/{collection}/{idOrSlug}`: an id, or the slug the storefront puts in its URLs. */
export const ZGetCatalogEntryParamsSchema = z.object({
  idOrSlug: z.string().regex(/^[a-z0-9-]{1,160}$/, 'Name it by its id or slug'),
});

/** A provider page embeds its items a page at a time. */
export const ZGetProviderQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type GetProviderQuery = z.infer<typeof ZGetProviderQuerySchema>;

/** Opening hours per weekday, Monday first: [open, close] minutes after midnight, local time. */
export const ZWeeklyHoursSchema = z.array(z.array(z.tuple([z.number().int(), z.number().int()]))).length(7);

export const ZProviderDetailSchema = ZProviderCardSchema.extend({
  street: z.string(),
  timezone: z.string(),
  hours: ZWeeklyHoursSchema,
  /** Whole days ahead it is closed whatever its hours say, from today, ascending (YYYY-MM-DD, local). */
  closedDates: z.array(z.iso.date()),
  items: z.object({
    groups: z.array(z.object({ category: z.string(), items: z.array(ZItemCardSchema) })),
    meta: ZListMetaSchema,
  }),
});
export type ProviderDetail = z.infer<typeof ZProviderDetailSchema>;
export const ZGetProviderResponseSchema = dataEnvelope(ZProviderDetailSchema);
export type GetProviderResponse = z.infer<typeof ZGetProviderResponseSchema>;

export const ZItemOptionSchema = z.object({
  name: ZLocalizedTextSchema,
  required: z.boolean(),
  min: z.number().int().min(0),
  max: z.number().int().min(1),
  choices: z.array(z.object({ name: ZLocalizedTextSchema, price: ZMoneySchema })),
});

export const ZRecipeSchema = z.object({
  servings: z.number().int().min(1),
  prepMinutes: z.number().int().min(0),
  cookMinutes: z.number().int().min(0),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  steps: z.array(ZLocalizedTextSchema),
  ingredients: z.array(
    z.object({
      name: ZLocalizedTextSchema,
      /** Thousandths of the unit for the recipe's servings; null: "to taste". */
      quantityMilli: z.number().int().min(0).nullable(),
      unit: z.string().nullable(),
      /** Grocery and Farm items that sell it and deliver to the shopper, cheapest first. */
      matches: z.array(ZItemCardSchema),
    }),
  ),
});

export const ZExperienceSchema = z.object({
  included: z.array(ZLocalizedTextSchema),
  guestsMin: z.number().int().min(1),
  guestsMax: z.number().int().min(1),
  durationMinutes: z.number().int().min(1),
  pricing: z.enum(['per-guest', 'per-event']),
  venue: z.enum(['your-place', 'chef-place']),
  /**
   * The starts ("HH:MM" on the chef's clock, on the half hour) the chef takes on at least one
   * weekday: what the booking form offers. A date's own hours are checked when booking.
   */
  startTimes: z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
});

export const ZItemDetailSchema = ZItemCardSchema.omit({ provider: true }).extend({
  description: ZLocalizedTextSchema,
  options: z.array(ZItemOptionSchema),
  nutrition: z.record(z.string(), z.number()).nullable(),
  provider: ZProviderCardSchema,
  recipe: ZRecipeSchema.nullable(),
  experience: ZExperienceSchema.nullable(),
});
export type ItemDetail = z.infer<typeof ZItemDetailSchema>;
export const ZGetItemQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export const ZGetItemResponseSchema = dataEnvelope(ZItemDetailSchema);
export type GetItemResponse = z.infer<typeof ZGetItemResponseSchema>;

/** `GET /{service}/{collection}/{idOrSlug}` of providers; each collection's is in CATALOG_ENDPOINTS. */
export function getProviderEndpoint<const S extends ServiceId, const C extends string>(service: S, collection: C) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/${collection}/:idOrSlug`,
    tags: [`catalog: ${service}`],
    summary: `One of the ${service} ${collection}, with its hours and items`,
    access: 'anyone',
    params: ZGetCatalogEntryParamsSchema,
    headers: ZStoreHeadersSchema,
    query: ZGetProviderQuerySchema,
    success: { 200: ZGetProviderResponseSchema },
    refusals: [400, 404],
  });
}

/** `GET /{service}/{collection}/{idOrSlug}` of items; each collection's is in CATALOG_ENDPOINTS. */
export function getItemEndpoint<const S extends ServiceId, const C extends string>(service: S, collection: C) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/${collection}/:idOrSlug`,
    tags: [`catalog: ${service}`],
    summary: `One of the ${service} ${collection}`,
    access: 'anyone',
    params: ZGetCatalogEntryParamsSchema,
    headers: ZStoreHeadersSchema,
    query: ZGetItemQuerySchema,
    success: { 200: ZGetItemResponseSchema },
    refusals: [400, 404],
  });
}
