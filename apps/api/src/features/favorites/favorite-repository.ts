import type { ItemType, ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { Favorite, FavoriteKind } from '@malewa/contracts/favorites/favorite';
import type { Db } from '@malewa/db/database';
import { favorites } from '@malewa/db/schema/account-data';
import { items, providers } from '@malewa/db/schema/catalog';
import { and, desc, eq } from 'drizzle-orm';
import { pickText } from '#api/localized-text.ts';
import { createPreparedStatements } from '#api/prepared-statements-sql.ts';
import { shownItem, shownProvider } from '#api/storefront-visibility-sql.ts';

/** Most favorites one list shows. */
const LIST_LIMIT = 200;

export function createFavoriteRepository(db: Db) {
  const prepared = createPreparedStatements();
  return {
    /** Whether the storefront shows the provider or item, to be kept. */
    async exists(kind: FavoriteKind, id: string): Promise<boolean> {
      if (kind === 'provider') {
        const [row] = await db
          .select({ id: providers.id })
          .from(providers)
          .where(and(eq(providers.id, id), shownProvider));
        return row !== undefined;
      }
      const [row] = await db
        .select({ id: items.id })
        .from(items)
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(and(eq(items.id, id), shownItem));
      return row !== undefined;
    },

    async keep(userId: string, kind: FavoriteKind, targetId: string): Promise<void> {
      await db.insert(favorites).values({ userId, kind, targetId }).onConflictDoNothing();
    },

    async forget(userId: string, kind: FavoriteKind, targetId: string): Promise<void> {
      await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.kind, kind), eq(favorites.targetId, targetId)));
    },

    /** Prepared: a signed-in shopper's every catalog page asks, for its hearts (decision 25). */
    async ids(userId: string): Promise<{ providers: string[]; items: string[] }> {
      const rows = await prepared('favorite_ids', '', { userId }, (bind) =>
        db
          .select({ kind: favorites.kind, targetId: favorites.targetId })
          .from(favorites)
          .where(eq(favorites.userId, bind('userId') as string))
          .orderBy(desc(favorites.createdAt))
          .limit(LIST_LIMIT * 2),
      );
      return {
        providers: rows.filter((row) => row.kind === 'provider').map((row) => row.targetId),
        items: rows.filter((row) => row.kind === 'item').map((row) => row.targetId),
      };
    },

    /**
     * The shopper's favorites with what their list shows, newest first. Ones the storefront no
     * longer shows (a suspended shop, a hidden item) are left out, and come back if it shows them again.
     */
    async list(userId: string, languages: readonly string[]): Promise<Favorite[]> {
      const [keptProviders, keptItems] = await Promise.all([
        db
          .select({
            id: providers.id,
            slug: providers.slug,
            service: providers.service,
            name: providers.name,
            logo: providers.logoImage,
            addedAt: favorites.createdAt,
          })
          .from(favorites)
          .innerJoin(providers, eq(providers.id, favorites.targetId))
          .where(and(eq(favorites.userId, userId), eq(favorites.kind, 'provider'), shownProvider))
          .orderBy(desc(favorites.createdAt))
          .limit(LIST_LIMIT),
        db
          .select({
            id: items.id,
            slug: items.slug,
            service: items.service,
            type: items.type,
            name: items.name,
            images: items.images,
            providerName: providers.name,
            addedAt: favorites.createdAt,
          })
          .from(favorites)
          .innerJoin(items, eq(items.id, favorites.targetId))
          .innerJoin(providers, eq(providers.id, items.providerId))
          .where(and(eq(favorites.userId, userId), eq(favorites.kind, 'item'), shownItem))
          .orderBy(desc(favorites.createdAt))
          .limit(LIST_LIMIT),
      ]);
      const all: Favorite[] = [
        ...keptProviders.map((row) => ({
          kind: 'provider' as const,
          id: row.id,
          slug: row.slug,
          service: row.service as ServiceId,
          type: null,
          // A shop's name is a name: read in the page's language.
          name: { text: row.name, lang: languages[0] ?? 'en' },
          providerName: null,
          images: row.logo ? [row.logo] : [],
          addedAt: row.addedAt.toISOString(),
        })),
        ...keptItems.map((row) => ({
          kind: 'item' as const,
          id: row.id,
          slug: row.slug,
          service: row.service as ServiceId,
          type: row.type as ItemType,
          name: pickText(row.name, languages),
          providerName: row.providerName,
          images: row.images,
          addedAt: row.addedAt.toISOString(),
        })),
      ];
      return all.sort((a, b) => b.addedAt.localeCompare(a.addedAt)).slice(0, LIST_LIMIT);
    },
  };
}

export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
