import type { Db } from '@malewa/db/database';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { eq, like, or, sql } from 'drizzle-orm';

/**
 * A shop's life in the marketplace, as the flows that do it ask: opened on an application's
 * approval, the people who run it, the stars its orders get. With the settings
 * (`shop-settings-repository.ts`) and the operators' moves (`shop-admin-repository.ts`), the
 * shops feature is the one writer of `providers` and `provider_members`.
 */
export function createShopRepository(db: Db) {
  async function addMember(providerId: string, userId: string): Promise<void> {
    await db.insert(providerMembers).values({ providerId, userId }).onConflictDoNothing();
  }

  return {
    /**
     * Opens an approved applicant's shop (issue 13): active at once, under a slug made from its
     * name and city, with a number added when another shop has it. Its delivery rules start
     * modest (5 km, no fee, no minimum) until the provider sets its own.
     */
    async createShop(
      record: Omit<typeof providers.$inferInsert, 'id' | 'slug' | 'status'> & { slugBase: string },
    ): Promise<{ id: string; slug: string }> {
      const { slugBase, ...values } = record;
      const taken = await db
        .select({ slug: providers.slug })
        .from(providers)
        .where(or(eq(providers.slug, slugBase), like(providers.slug, `${slugBase}-%`)));
      const used = new Set(taken.map((row) => row.slug));
      let slug = slugBase;
      for (let n = 2; used.has(slug); n++) slug = `${slugBase}-${n}`;
      const [row] = await db
        .insert(providers)
        .values({ ...values, slug, status: 'active' })
        .returning({ id: providers.id, slug: providers.slug });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Makes an account one of the people who run a shop (by its id). */
    addMember,

    /** Makes an account one of the people who run a shop (by its slug); the shop's name, or undefined. */
    async addMemberBySlug(providerSlug: string, userId: string): Promise<string | undefined> {
      const [provider] = await db
        .select({ id: providers.id, name: providers.name })
        .from(providers)
        .where(eq(providers.slug, providerSlug));
      if (!provider) return undefined;
      await addMember(provider.id, userId);
      return provider.name;
    },

    /** Adds a shopper's stars to a shop's average rating. */
    async addRating(providerId: string, stars: number): Promise<void> {
      await db
        .update(providers)
        .set({
          ratingAverage: sql`(${providers.ratingAverage} * ${providers.ratingCount} + ${stars}) / (${providers.ratingCount} + 1)`,
          ratingCount: sql`${providers.ratingCount} + 1`,
        })
        .where(eq(providers.id, providerId));
    },
  };
}

export type ShopRepository = ReturnType<typeof createShopRepository>;
