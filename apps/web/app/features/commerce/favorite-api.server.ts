import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { ZListFavoritesResponseSchema } from '@malewa/contracts/favorites/list-favorites';
import { ZToggleFavoriteResponseSchema } from '@malewa/contracts/favorites/toggle-favorite';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The shopper's favorites at the API, through their session. */
export async function listFavorites(context: Context, request: Request) {
  return (await apiClientFor(context, request, sessionOf(context)).get('/favorites', ZListFavoritesResponseSchema))
    .data;
}

export async function toggleFavorite(
  context: Context,
  request: Request,
  kind: FavoriteKind,
  id: string,
  keep: boolean,
) {
  return (
    await apiClientFor(context, request, sessionOf(context)).request(
      'base',
      keep ? 'PUT' : 'DELETE',
      `/favorites/${kind}/${id}`,
      ZToggleFavoriteResponseSchema,
    )
  ).data;
}
