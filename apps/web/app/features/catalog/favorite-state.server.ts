import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { listFavoriteIdsEndpoint } from '@malewa/contracts/favorites/list-favorites';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

/** The ids of what the shopper keeps, by kind. */
export interface KeptIds {
  providers: ReadonlySet<string>;
  items: ReadonlySet<string>;
}

/**
 * What the signed-in shopper keeps (the hearts of a page and its cards): null when not signed
 * in, and null too when the API cannot say just now: the page still shows, without hearts
 * that might lie.
 */
export async function keptIds(context: Readonly<RouterContextProvider>, request: Request): Promise<KeptIds | null> {
  const session = sessionOf(context);
  if (!session.signedIn) return null;
  try {
    const { data } = await apiClientFor(context, request, session).call(listFavoriteIdsEndpoint, {});
    return { providers: new Set(data.providers), items: new Set(data.items) };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * Whether the shopper keeps this provider or item (its page's heart): null when not signed in
 * (the heart then leads to signing in) or when the API cannot say.
 */
export async function favoriteState(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: FavoriteKind,
  id: string,
): Promise<boolean | null> {
  const kept = await keptIds(context, request);
  if (!kept) return null;
  return (kind === 'provider' ? kept.providers : kept.items).has(id);
}
