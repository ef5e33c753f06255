import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/vocabulary.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ZCountryCodeSchema } from '../markets.ts';

/** Most shops and items a featured list holds: a service home's shelves. */
export const MAX_FEATURED_PROVIDERS = 6;
export const MAX_FEATURED_ITEMS = 8;

/** `GET /api/operator/featured?countryCode=&service=`: a service's featured lists in a market. */
export const ZFeaturedQuerySchema = z.object({ countryCode: ZCountryCodeSchema, service: z.enum(SERVICE_IDS) });

const ZFeaturedEntrySchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });

export const ZFeaturedListsSchema = z.object({
  countryCode: ZCountryCodeSchema,
  service: z.enum(SERVICE_IDS),
  providers: z.array(ZFeaturedEntrySchema),
  items: z.array(ZFeaturedEntrySchema),
});
export type FeaturedLists = z.infer<typeof ZFeaturedListsSchema>;
export const ZFeaturedListsResponseSchema = z.object({ data: ZFeaturedListsSchema });

/**
 * `PUT /api/operator/featured`: replaces a service's featured lists in a market, in order, each
 * entry by its id or slug; one that is not a shop or item of that market and service is refused.
 */
export const ZReplaceFeaturedRequestSchema = z
  .object({
    countryCode: ZCountryCodeSchema,
    service: z.enum(SERVICE_IDS),
    providers: z
      .array(z.string().trim().min(1).max(120))
      .max(MAX_FEATURED_PROVIDERS)
      .describe('The shops, in order, each by its id or slug'),
    items: z
      .array(z.string().trim().min(1).max(120))
      .max(MAX_FEATURED_ITEMS)
      .describe('The items, in order, each by its id or slug'),
  })
  .strict();
export type ReplaceFeaturedRequest = z.infer<typeof ZReplaceFeaturedRequestSchema>;

export const getFeaturedListsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/operator/featured',
  tags: ['operator'],
  summary: 'A service’s featured shops and items in a market, in order (operators)',
  access: ['operator'],
  query: ZFeaturedQuerySchema,
  success: { 200: ZFeaturedListsResponseSchema },
  refusals: [400, 401, 403, 404],
});

export const replaceFeaturedListsEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/operator/featured',
  tags: ['operator'],
  summary: 'Replace a service’s featured shops and items in a market, by slugs in order (operators; logged)',
  access: ['operator'],
  body: ZReplaceFeaturedRequestSchema,
  success: { 200: ZFeaturedListsResponseSchema },
  refusals: [400, 401, 403, 404],
});
