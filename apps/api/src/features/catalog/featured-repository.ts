import type { Db } from '@malewa/db/database';
import { featuredEntries } from '@malewa/db/schema/catalog';
import { and, eq } from 'drizzle-orm';

/**
 * The operators' featured lists (`featured_entries`), the catalog's one write: the catalog's
 * repository reads them with the rest of the read model (`featuredOf`); operators replace them
 * through `flows/curate-featured.ts`.
 */
export function createFeaturedRepository(db: Db) {
  return {
    /** Replaces a service's featured lists in a market, in the given order. */
    async replaceFeatured(
      countryCode: string,
      service: string,
      lists: { providers: readonly string[]; items: readonly string[] },
    ): Promise<void> {
      await db
        .delete(featuredEntries)
        .where(and(eq(featuredEntries.countryCode, countryCode), eq(featuredEntries.service, service as 'food')));
      const rows = [
        ...lists.providers.map((targetId, position) => ({ kind: 'provider' as const, targetId, position })),
        ...lists.items.map((targetId, position) => ({ kind: 'item' as const, targetId, position })),
      ].map((row) => ({ ...row, countryCode, service: service as 'food' }));
      if (rows.length > 0) await db.insert(featuredEntries).values(rows);
    },
  };
}

export type FeaturedRepository = ReturnType<typeof createFeaturedRepository>;
