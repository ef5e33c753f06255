import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZFavoriteSchema } from './favorite.ts';

/** `GET /api/favorites`: what I keep, newest first (at most 200). */
export const ZListFavoritesResponseSchema = dataEnvelope(z.array(ZFavoriteSchema));

/** `GET /api/favorites/ids`: only the ids, for the hearts on cards and pages. */
export const ZListFavoriteIdsResponseSchema = dataEnvelope(
  z.object({ providers: z.array(z.uuid()), items: z.array(z.uuid()) }),
);
export type FavoriteIds = z.infer<typeof ZListFavoriteIdsResponseSchema>['data'];
