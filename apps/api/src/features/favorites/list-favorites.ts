import type { Favorite } from '@malewa/contracts/favorites/favorite';
import type { FavoriteIds } from '@malewa/contracts/favorites/list-favorites';
import type { FavoriteRepository } from './favorite-repository.ts';

/** What the shopper keeps, in their language where the catalog has it. */
export function listFavorites(
  deps: { favorites: FavoriteRepository },
  userId: string,
  language: string | undefined,
): Promise<Favorite[]> {
  return deps.favorites.list(userId, language ? [language] : []);
}

/** Only the ids: whether each heart on a page is filled. */
export function listFavoriteIds(deps: { favorites: FavoriteRepository }, userId: string): Promise<FavoriteIds> {
  return deps.favorites.ids(userId);
}
