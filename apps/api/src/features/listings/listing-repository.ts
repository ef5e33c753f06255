import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { Listing, ListingInput } from '@malewa/contracts/provider/listings';
import type { Db } from '@malewa/db/database';
import { items, providerMembers } from '@malewa/db/schema/catalog';
import { and, desc, eq, sql } from 'drizzle-orm';
import { shopRunBy } from '../../shop-membership.ts';

/** A shop as its listings need it: where it sells, in which currency, and whether the caller runs it. */
export interface ListingShop {
  id: string;
  service: Listing['service'];
  countryCode: string;
}

const selection = {
  id: items.id,
  slug: items.slug,
  shopId: items.providerId,
  service: items.service,
  name: items.name,
  description: items.description,
  category: items.category,
  unit: items.unit,
  price: items.price,
  currency: items.currency,
  stock: items.stock,
  available: items.available,
  options: items.options,
  hidden: items.hidden,
  images: items.images,
  updatedAt: items.updatedAt,
};

interface Row {
  id: string;
  slug: string;
  shopId: string;
  service: Listing['service'];
  name: Record<string, string>;
  description: Record<string, string>;
  category: string;
  unit: string;
  price: number;
  currency: string;
  stock: number | null;
  available: boolean;
  options: Listing['options'];
  hidden: boolean;
  images: string[];
  updatedAt: Date;
}

function present(row: Row): Listing {
  return {
    id: row.id,
    slug: row.slug,
    shopId: row.shopId,
    service: row.service,
    name: row.name,
    description: row.description,
    category: row.category,
    unit: row.unit,
    price: { amount: row.price, currency: row.currency as CurrencyCode },
    stock: row.stock,
    available: row.available,
    options: row.options,
    hidden: row.hidden,
    images: row.images,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A provider's listings: every query is through a shop the caller is a member of. */
export function createListingRepository(db: Db) {
  return {
    /** The shop, when `userId` runs it. */
    shopRunBy: (userId: string, shopId: string) => shopRunBy(db, userId, shopId),

    async ofShop(shopId: string): Promise<Listing[]> {
      const rows = await db
        .select(selection)
        .from(items)
        .where(eq(items.providerId, shopId))
        .orderBy(desc(items.updatedAt));
      return rows.map(present);
    },

    /** A listing, when `userId` runs its shop. */
    async runBy(userId: string, id: string): Promise<Listing | undefined> {
      const [row] = await db
        .select(selection)
        .from(items)
        .innerJoin(providerMembers, eq(providerMembers.providerId, items.providerId))
        .where(and(eq(items.id, id), eq(providerMembers.userId, userId)));
      return row ? present(row) : undefined;
    },

    async insert(
      shop: ListingShop,
      values: ListingInput & { slug: string; type: string; currency: string; images: string[] },
    ): Promise<string> {
      const [row] = await db
        .insert(items)
        .values({
          providerId: shop.id,
          countryCode: shop.countryCode,
          service: shop.service,
          type: values.type as typeof items.$inferInsert.type,
          slug: values.slug,
          name: values.name,
          description: values.description,
          images: values.images,
          category: values.category,
          price: values.price,
          currency: values.currency,
          unit: values.unit,
          stock: values.stock,
          available: values.available,
          options: values.options,
        })
        .returning({ id: items.id });
      if (!row) throw new Error('The listing was not stored');
      return row.id;
    },

    async update(id: string, values: ListingInput): Promise<void> {
      await db
        .update(items)
        .set({
          name: values.name,
          description: values.description,
          category: values.category,
          unit: values.unit,
          price: values.price,
          stock: values.stock,
          available: values.available,
          options: values.options,
          updatedAt: sql`now()`,
        })
        .where(eq(items.id, id));
    },

    async setHidden(id: string, hidden: boolean): Promise<void> {
      await db.update(items).set({ hidden, updatedAt: sql`now()` }).where(eq(items.id, id));
    },

    async setImages(id: string, images: string[]): Promise<void> {
      await db.update(items).set({ images, updatedAt: sql`now()` }).where(eq(items.id, id));
    },
  };
}

export type ListingRepository = ReturnType<typeof createListingRepository>;
