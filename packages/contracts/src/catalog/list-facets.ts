import { z } from 'zod';

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
