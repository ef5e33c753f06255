import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { listFavoritesEndpoint } from '@malewa/contracts/favorites/list-favorites';
import { forgetFavoriteEndpoint, keepFavoriteEndpoint } from '@malewa/contracts/favorites/toggle-favorite';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The shopper's favorites at the API, through their session. */
export async function listFavorites(context: Context, request: Request) {
  return (await apiClientFor(context, request, sessionOf(context)).call(listFavoritesEndpoint, {})).data;
}

export async function toggleFavorite(
  context: Context,
  request: Request,
  kind: FavoriteKind,
  id: string,
  keep: boolean,
) {
  const api = apiClientFor(context, request, sessionOf(context));
  const params = { kind, id };
  const { data } = keep
    ? await api.call(keepFavoriteEndpoint, { params })
    : await api.call(forgetFavoriteEndpoint, { params });
  return data;
}
