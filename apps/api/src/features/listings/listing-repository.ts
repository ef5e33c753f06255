import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { Listing, ListingInput } from '@malewa/contracts/provider/listings';
import type { Db } from '@malewa/db/database';
import { experiences, items, providerMembers } from '@malewa/db/schema/catalog';
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
  experience: {
    included: experiences.included,
    guestsMin: experiences.guestsMin,
    guestsMax: experiences.guestsMax,
    durationMinutes: experiences.durationMinutes,
    venue: experiences.venue,
  },
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
  /** Drizzle's left join: null when the listing is no experience. */
  experience: Listing['experience'];
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
    experience: row.experience,
    images: row.images,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An experience's row from its listing's input: priced as the listing's unit says. */
function experienceRow(itemId: string, values: ListingInput) {
  if (!values.experience) return undefined;
  return {
    itemId,
    ...values.experience,
    pricing: values.unit === 'per-event' ? ('per-event' as const) : ('per-guest' as const),
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
        .leftJoin(experiences, eq(experiences.itemId, items.id))
        .where(eq(items.providerId, shopId))
        .orderBy(desc(items.updatedAt));
      return rows.map(present);
    },

    /** A listing, when `userId` runs its shop. */
    async runBy(userId: string, id: string): Promise<Listing | undefined> {
      const [row] = await db
        .select(selection)
        .from(items)
        .leftJoin(experiences, eq(experiences.itemId, items.id))
        .innerJoin(providerMembers, eq(providerMembers.providerId, items.providerId))
        .where(and(eq(items.id, id), eq(providerMembers.userId, userId)));
      return row ? present(row) : undefined;
    },

    async insert(
      shop: ListingShop,
      values: ListingInput & { slug: string; type: string; currency: string; images: string[] },
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
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
        const experience = experienceRow(row.id, values);
        if (experience) await tx.insert(experiences).values(experience);
        return row.id;
      });
    },

    async update(id: string, values: ListingInput): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
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
        const experience = experienceRow(id, values);
        if (experience) {
          const { itemId: _itemId, ...changes } = experience;
          await tx
            .insert(experiences)
            .values(experience)
            .onConflictDoUpdate({ target: experiences.itemId, set: changes });
        }
      });
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
