import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import type { FavoriteRepository } from './favorite-repository.ts';

/** Forgets a kept provider or item; only the shopper's own row can go. */
export async function forgetFavorite(
  deps: { favorites: FavoriteRepository },
  userId: string,
  kind: FavoriteKind,
  id: string,
): Promise<{ kind: FavoriteKind; id: string; kept: boolean }> {
  await deps.favorites.forget(userId, kind, id);
  return { kind, id, kept: false };
}
