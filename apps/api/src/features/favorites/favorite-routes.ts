import { listFavoriteIdsEndpoint, listFavoritesEndpoint } from '@malewa/contracts/favorites/list-favorites';
import { forgetFavoriteEndpoint, keepFavoriteEndpoint } from '@malewa/contracts/favorites/toggle-favorite';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { keepAnswersPrivate } from '#api/plugins/private-answers.ts';
import { firstLanguage, header } from '#api/request-headers.ts';
import type { FavoriteRepository } from './favorite-repository.ts';
import { forgetFavorite } from './forget-favorite.ts';
import { keepFavorite } from './keep-favorite.ts';
import { listFavoriteIds, listFavorites } from './list-favorites.ts';

/** Favorites (`/account/favorites`): the signed-in shopper's kept providers and items. */
export const favoriteRoutes: FastifyPluginAsync<{ favorites: FavoriteRepository }> = async (app, deps) => {
  keepAnswersPrivate(app);

  registerEndpoint(app, listFavoritesEndpoint, {
    handler: async (request) => ({
      data: await listFavorites(deps, principalOf(request).userId, firstLanguage(header(request, 'accept-language'))),
    }),
  });
  registerEndpoint(app, listFavoriteIdsEndpoint, {
    handler: async (request) => ({ data: await listFavoriteIds(deps, principalOf(request).userId) }),
  });
  registerEndpoint(app, keepFavoriteEndpoint, {
    handler: async (request) => ({
      data: await keepFavorite(deps, principalOf(request).userId, request.params.kind, request.params.id),
    }),
  });
  registerEndpoint(app, forgetFavoriteEndpoint, {
    handler: async (request) => ({
      data: await forgetFavorite(deps, principalOf(request).userId, request.params.kind, request.params.id),
    }),
  });
};
