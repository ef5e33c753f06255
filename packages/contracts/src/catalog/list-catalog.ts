import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, listEnvelope, MAX_PER_PAGE } from '../envelope.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { singleLine } from '../text.ts';
import { ZItemCardSchema, ZProviderCardSchema } from './catalog-card.ts';
import { DIETARY_FLAGS, type ServiceId } from './vocabulary.ts';

/** Sort fields of provider collections (kitchens, stores, chefs, creators, farmers). */
export const PROVIDER_SORT_FIELDS = ['name', 'rating', 'distance', 'newest', 'popularity'] as const;
/** Sort fields of item collections (meals, products, experiences, recipes, ingredients, produces). */
export const ITEM_SORT_FIELDS = ['name', 'price', 'rating', 'distance', 'newest', 'popularity'] as const;

/** The most a catalog page holds: larger asks are cut to it, not refused. */
export const MAX_CATALOG_PER_PAGE = 48;

/** A list filter that may come once, repeated (`?dietary=a&dietary=b`) or comma-separated. */
function manyOf<T extends z.ZodType<string>>(value: T) {
  return z.preprocess((raw) => {
    if (raw === undefined || raw === '') return undefined;
    const list = (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => String(entry).split(','));
    const trimmed = list.map((entry) => entry.trim()).filter((entry) => entry !== '');
    return trimmed.length > 0 ? trimmed : undefined;
  }, z.array(value).max(20).optional());
}

const flag = z.preprocess(
  (raw) => (raw === 'true' || raw === '1' || raw === 'on' ? true : raw === 'false' || raw === '0' ? false : raw),
  z.boolean().optional(),
);
const vocabularyKey = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Use a key such as "grills" or "bestseller"');

function catalogShape<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return {
    page: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_PAGE),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_PER_PAGE * 100)
      .default(DEFAULT_PER_PAGE)
      .transform((n) => Math.min(n, MAX_CATALOG_PER_PAGE)),
    sortBy: z.enum(sortFields).optional(),
    /** Absent: each field's natural order (best rating, nearest, newest, most popular first). */
    order: z.enum(['asc', 'desc']).optional(),
    searchKeyword: singleLine().trim().max(100).optional(),
    category: vocabularyKey.optional(),
    tags: manyOf(vocabularyKey),
    dietary: manyOf(z.enum(DIETARY_FLAGS)),
    ratingMin: z.coerce.number().min(0).max(5).optional(),
    openNow: flag,
    maxDistanceKm: z.coerce.number().positive().max(500).optional(),
    /** The shopper's point; otherwise the X-STORE-LOCATION location's centre. */
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  };
}

const pointTogether = (query: { lat?: number | undefined; lng?: number | undefined }) =>
  (query.lat === undefined) === (query.lng === undefined);
const pointTogetherError = { message: 'Send lat and lng together', path: ['lat'] };

export const ZListProvidersRequestSchema = z
  .object(catalogShape(PROVIDER_SORT_FIELDS))
  .refine(pointTogether, pointTogetherError);
export type ListProvidersRequest = z.infer<typeof ZListProvidersRequestSchema>;
/** A list's query as a page's address gives it: strings, checked when sent. */
export type ListProvidersRequestInput = z.input<typeof ZListProvidersRequestSchema>;
export const ZListProvidersResponseSchema = listEnvelope(ZProviderCardSchema);
export type ListProvidersResponse = z.infer<typeof ZListProvidersResponseSchema>;

const money = z.coerce.number().int('Use whole minor units, e.g. 150000 for KSh 1,500').min(0);

export const ZListItemsRequestSchema = z
  .object({
    ...catalogShape(ITEM_SORT_FIELDS),
    /** Minor units of the market's currency. */
    priceMin: money.optional(),
    priceMax: money.optional(),
    /** A provider's id or slug: its items only. */
    provider: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/, 'Name a provider by its id or slug')
      .optional(),
  })
  .refine(pointTogether, pointTogetherError)
  .refine((query) => query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax, {
    message: 'The lowest price is above the highest',
    path: ['priceMin'],
  });
export type ListItemsRequest = z.infer<typeof ZListItemsRequestSchema>;
export type ListItemsRequestInput = z.input<typeof ZListItemsRequestSchema>;
export const ZListItemsResponseSchema = listEnvelope(ZItemCardSchema);
export type ListItemsResponse = z.infer<typeof ZListItemsResponseSchema>;

/** `GET /{service}/{collection}` of providers; each collection's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function listProvidersEndpoint<const S extends ServiceId, const C extends string>(service: S, collection: C) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/${collection}`,
    tags: [`catalog: ${service}`],
    summary: `List ${service} ${collection}`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    query: ZListProvidersRequestSchema,
    success: { 200: ZListProvidersResponseSchema },
    refusals: [400],
  });
}

/** `GET /{service}/{collection}` of items; each collection's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function listItemsEndpoint<const S extends ServiceId, const C extends string>(service: S, collection: C) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/${collection}`,
    tags: [`catalog: ${service}`],
    summary: `List ${service} ${collection}`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    query: ZListItemsRequestSchema,
    success: { 200: ZListItemsResponseSchema },
    refusals: [400],
  });
}
