import type { FavoriteKind } from '@malewa/contracts/favorites/favorite';
import { AppError } from '#api/app-error.ts';
import type { FavoriteRepository } from './favorite-repository.ts';

/** Keeps a provider or an item; one that does not exist is not found. Keeping twice is once. */
export async function keepFavorite(
  deps: { favorites: FavoriteRepository },
  userId: string,
  kind: FavoriteKind,
  id: string,
): Promise<{ kind: FavoriteKind; id: string; kept: boolean }> {
  if (!(await deps.favorites.exists(kind, id))) throw new AppError('NOT_FOUND', `No such ${kind}`);
  await deps.favorites.keep(userId, kind, id);
  return { kind, id, kept: true };
}
