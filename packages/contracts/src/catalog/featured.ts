import { z } from 'zod';
import { ZItemCardSchema, ZProviderCardSchema } from './catalog-card.ts';

/** A service home's shelves: the best-rated providers and the most ordered items near the shopper. */
export const ZFeaturedResponseSchema = z.object({
  data: z.object({ providers: z.array(ZProviderCardSchema), items: z.array(ZItemCardSchema) }),
});
export type FeaturedResponse = z.infer<typeof ZFeaturedResponseSchema>;
