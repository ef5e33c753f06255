import { z } from 'zod';
import { ZLocalizedTextSchema } from '../catalog/catalog-card.ts';
import { ITEM_TYPES, SERVICE_IDS } from '../catalog/vocabulary.ts';

/** What a shopper can keep: a provider (a kitchen, a store, a farmer…) or an item. */
export const FAVORITE_KINDS = ['provider', 'item'] as const;
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

export const ZFavoriteParamsSchema = z.object({ kind: z.enum(FAVORITE_KINDS), id: z.uuid() });

/** A kept provider or item, with what its entry in the list shows and where it leads. */
export const ZFavoriteSchema = z.object({
  kind: z.enum(FAVORITE_KINDS),
  id: z.uuid(),
  slug: z.string(),
  service: z.enum(SERVICE_IDS),
  /** The item's type (its page's collection); null for a provider. */
  type: z.enum(ITEM_TYPES).nullable(),
  name: ZLocalizedTextSchema,
  /** The provider's name for an item; null for a provider. */
  providerName: z.string().nullable(),
  images: z.array(z.string()),
  addedAt: z.iso.datetime(),
});
export type Favorite = z.infer<typeof ZFavoriteSchema>;
