import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import { ZFavoriteParamsSchema } from '@malewa/contracts/favorites/favorite';
import {
  ZListFavoriteIdsResponseSchema,
  ZListFavoritesResponseSchema,
} from '@malewa/contracts/favorites/list-favorites';
import { ZToggleFavoriteResponseSchema } from '@malewa/contracts/favorites/toggle-favorite';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import { firstLanguage, header } from '../../request-headers.ts';
import type { FavoriteRepository } from './favorite-repository.ts';
import { forgetFavorite } from './forget-favorite.ts';
import { keepFavorite } from './keep-favorite.ts';
import { listFavoriteIds, listFavorites } from './list-favorites.ts';

const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema };

/** Favorites (spec §2 `/account/favorites`): the signed-in shopper's kept providers and items. */
export const favoriteRoutes: FastifyPluginAsyncZod<{ favorites: FavoriteRepository }> = async (app, deps) => {
  app.addHook('onRequest', requireSignedIn);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/favorites',
    {
      schema: {
        tags: ['favorites'],
        summary: 'What I keep, newest first',
        security,
        response: { 200: ZListFavoritesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await listFavorites(deps, principalOf(request).userId, firstLanguage(header(request, 'accept-language'))),
    }),
  );

  app.get(
    '/favorites/ids',
    {
      schema: {
        tags: ['favorites'],
        summary: 'The ids of what I keep (the hearts on cards and pages)',
        security,
        response: { 200: ZListFavoriteIdsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listFavoriteIds(deps, principalOf(request).userId) }),
  );

  app.put(
    '/favorites/:kind/:id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Keep a provider or an item',
        security,
        params: ZFavoriteParamsSchema,
        response: { 200: ZToggleFavoriteResponseSchema, ...errors, 404: ZErrorResponseSchema },
      },
    },
    async (request) => ({
      data: await keepFavorite(deps, principalOf(request).userId, request.params.kind, request.params.id),
    }),
  );

  app.delete(
    '/favorites/:kind/:id',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Forget a kept provider or item',
        security,
        params: ZFavoriteParamsSchema,
        response: { 200: ZToggleFavoriteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await forgetFavorite(deps, principalOf(request).userId, request.params.kind, request.params.id),
    }),
  );
};
