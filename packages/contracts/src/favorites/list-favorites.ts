import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZFavoriteSchema } from './favorite.ts';

/** `GET /api/favorites`: what I keep, newest first (at most 200). */
export const ZListFavoritesResponseSchema = dataEnvelope(z.array(ZFavoriteSchema));

/** `GET /api/favorites/ids`: only the ids, for the hearts on cards and pages. */
export const ZListFavoriteIdsResponseSchema = dataEnvelope(
  z.object({ providers: z.array(z.uuid()), items: z.array(z.uuid()) }),
);
export type FavoriteIds = z.infer<typeof ZListFavoriteIdsResponseSchema>['data'];

export const listFavoritesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/favorites',
  tags: ['favorites'],
  summary: 'What I keep, newest first',
  access: 'signed-in',
  success: { 200: ZListFavoritesResponseSchema },
  refusals: [400, 401],
});

export const listFavoriteIdsEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/favorites/ids',
  tags: ['favorites'],
  summary: 'The ids of what I keep (the hearts on cards and pages)',
  access: 'signed-in',
  success: { 200: ZListFavoriteIdsResponseSchema },
  refusals: [400, 401],
});
