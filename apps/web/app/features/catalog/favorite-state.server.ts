import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { ZListFavoriteIdsResponseSchema } from '@malewa/contracts/favorites/list-favorites';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { sessionOf } from '../../platform/session/session.server.ts';

/**
 * Whether the shopper keeps this provider or item (its page's heart): null when not signed in
 * (the heart then leads to signing in), and null too when the API cannot say just now: the
 * page still shows, without a heart that might lie.
 */
export async function favoriteState(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: FavoriteKind,
  id: string,
): Promise<boolean | null> {
  const session = sessionOf(context);
  if (!session.signedIn) return null;
  try {
    const { data } = await apiClientFor(context, request, session).get(
      '/favorites/ids',
      ZListFavoriteIdsResponseSchema,
    );
    return (kind === 'provider' ? data.providers : data.items).includes(id);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
