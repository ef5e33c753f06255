import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { DEFAULT_PER_PAGE, ZListMetaSchema } from '../envelope.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZItemCardSchema, ZMoneySchema, ZProviderCardSchema } from './catalog-card.ts';
import { DIETARY_FLAGS, ITEM_TYPES, SERVICE_IDS, type ServiceId } from './vocabulary.ts';

/** The longest query we take; longer ones are a 400, never a slow search. */
export const MAX_QUERY_LENGTH = 200;

const query = z
  .string()
  .max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters`)
  // Any character may be searched for; control characters are dropped, not refused.
  .transform((value) => value.replace(/\p{Cc}/gu, ' ').trim());

const manyDietary = z.preprocess((raw) => {
  if (raw === undefined || raw === '') return undefined;
  return (Array.isArray(raw) ? raw : [raw]).flatMap((entry) => String(entry).split(',')).filter(Boolean);
}, z.array(z.enum(DIETARY_FLAGS)).max(10).optional());

export const ZSearchCatalogRequestSchema = z.object({
  q: query.default(''),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, 48)),
  /** Facet filters: one item type (collection), one category, dietary flags, one price band. */
  type: z.enum(ITEM_TYPES).optional(),
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  dietary: manyDietary,
  priceBand: z.coerce.number().int().min(0).max(3).optional(),
  /** Across all services only: one service. */
  service: z.enum(SERVICE_IDS).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type SearchCatalogRequest = z.infer<typeof ZSearchCatalogRequestSchema>;
export type SearchCatalogRequestInput = z.input<typeof ZSearchCatalogRequestSchema>;

const ZFacetSchema = z.object({ key: z.string(), count: z.number().int().min(0) });

export const ZSearchCatalogResponseSchema = z.object({
  data: z.object({
    /** The query as searched (folded words), and the providers whose names or kinds match. */
    query: z.string(),
    providers: z.array(ZProviderCardSchema),
    items: z.array(ZItemCardSchema),
  }),
  meta: ZListMetaSchema.extend({
    facets: z.object({
      services: z.array(ZFacetSchema),
      types: z.array(ZFacetSchema),
      categories: z.array(ZFacetSchema),
      dietary: z.array(ZFacetSchema),
      priceBands: z.array(
        z.object({ key: z.number().int(), min: ZMoneySchema, max: ZMoneySchema.nullable(), count: z.number().int() }),
      ),
    }),
    /** A nearby spelling that has results, when the query has none. */
    didYouMean: z.string().nullable(),
  }),
});
export type SearchCatalogResponse = z.infer<typeof ZSearchCatalogResponseSchema>;

export const ZSuggestCatalogRequestSchema = z.object({
  q: query.default(''),
  service: z.enum(SERVICE_IDS).optional(),
});
export type SuggestCatalogRequest = z.infer<typeof ZSuggestCatalogRequestSchema>;

export const ZSuggestCatalogResponseSchema = z.object({
  data: z.array(
    z.object({
      text: z.string(),
      lang: z.string(),
      kind: z.enum(['provider', 'item']),
      service: z.enum(SERVICE_IDS),
      type: z.enum(ITEM_TYPES).nullable(),
      slug: z.string(),
    }),
  ),
});
export type SuggestCatalogResponse = z.infer<typeof ZSuggestCatalogResponseSchema>;

/** `GET /search`: the header's search box, across the five services. */
export const searchCatalogEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/search',
  tags: ['search'],
  summary: 'Search all five services (the header search box)',
  access: 'anyone',
  headers: ZStoreHeadersSchema,
  query: ZSearchCatalogRequestSchema,
  success: { 200: ZSearchCatalogResponseSchema },
  refusals: [400],
});

/** `GET /{service}/search`; each service's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function searchServiceEndpoint<const S extends ServiceId>(service: S) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/search`,
    tags: [`catalog: ${service}`],
    summary: `Search ${service}`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    query: ZSearchCatalogRequestSchema,
    success: { 200: ZSearchCatalogResponseSchema },
    refusals: [400],
  });
}

export const suggestCatalogEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/search/suggest',
  tags: ['search'],
  summary: 'Names to complete what the shopper is typing',
  access: 'anyone',
  headers: ZStoreHeadersSchema,
  query: ZSuggestCatalogRequestSchema,
  success: { 200: ZSuggestCatalogResponseSchema },
  refusals: [400],
});
