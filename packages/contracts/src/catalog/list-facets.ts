import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import type { ServiceId } from './vocabulary.ts';

/** The most tags a list's filters offer: the commonest. */
export const MAX_FACET_TAGS = 12;

export const ZFacetCountSchema = z.object({ key: z.string(), count: z.number().int().min(1) });

/**
 * What a collection's list can be narrowed to where the shopper is: the categories and the
 * commonest tags of the items it holds (for a provider collection, of the items its providers
 * sell), each with how many entries of the list it would leave.
 */
export const ZListFacetsResponseSchema = z.object({
  data: z.object({
    categories: z.array(ZFacetCountSchema),
    tags: z.array(ZFacetCountSchema).max(MAX_FACET_TAGS),
  }),
});
export type ListFacetsResponse = z.infer<typeof ZListFacetsResponseSchema>;

/** `GET /{service}/facets/{collection}`; each collection's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function listFacetsEndpoint<const S extends ServiceId, const C extends string>(service: S, collection: C) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/facets/${collection}`,
    tags: [`catalog: ${service}`],
    summary: `The categories and tags the ${service} ${collection} list can be filtered by, near the shopper`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    success: { 200: ZListFacetsResponseSchema },
    refusals: [400],
  });
}
