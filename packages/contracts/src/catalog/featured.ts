import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZItemCardSchema, ZProviderCardSchema } from './catalog-card.ts';
import type { ServiceId } from './vocabulary.ts';

/** A service home's shelves: the best-rated providers and the most ordered items near the shopper. */
export const ZFeaturedResponseSchema = z.object({
  data: z.object({ providers: z.array(ZProviderCardSchema), items: z.array(ZItemCardSchema) }),
});
export type FeaturedResponse = z.infer<typeof ZFeaturedResponseSchema>;

/** `GET /{service}/featured`; each service's is in CATALOG_ENDPOINTS (catalog-endpoints.ts). */
export function featuredEndpoint<const S extends ServiceId>(service: S) {
  return defineEndpoint({
    api: 'base',
    method: 'GET',
    path: `/${service}/featured`,
    tags: [`catalog: ${service}`],
    summary: `Featured ${service} providers and items near the shopper`,
    access: 'anyone',
    headers: ZStoreHeadersSchema,
    success: { 200: ZFeaturedResponseSchema },
    refusals: [400],
  });
}
