import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { Listing, ListingInput } from '@malewa/contracts/provider/listings';
import type { Db } from '@malewa/db/database';
import {
  experiences,
  items,
  providerMembers,
  recipeIngredients,
  recipes,
  retiredPhotos,
} from '@malewa/db/schema/catalog';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { shopRunBy } from '#api/shop-membership-repository.ts';

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
  type: items.type,
  name: items.name,
  description: items.description,
  category: items.category,
  unit: items.unit,
  price: items.price,
  currency: items.currency,
  taxClass: items.taxClass,
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
  type: string;
  name: Record<string, string>;
  description: Record<string, string>;
  category: string;
  unit: string;
  price: number;
  currency: string;
  taxClass: Listing['taxClass'];
  stock: number | null;
  available: boolean;
  options: Listing['options'];
  hidden: boolean;
  /** Drizzle's left join: null when the listing is no experience. */
  experience: Listing['experience'];
  images: string[];
  updatedAt: Date;
}

function present(row: Row, recipe: Listing['recipe'] = null): Listing {
  return {
    id: row.id,
    slug: row.slug,
    shopId: row.shopId,
    service: row.service,
    type: row.type as Listing['type'],
    name: row.name,
    description: row.description,
    category: row.category,
    unit: row.unit,
    price: { amount: row.price, currency: row.currency as CurrencyCode },
    taxClass: row.taxClass,
    stock: row.stock,
    available: row.available,
    options: row.options,
    hidden: row.hidden,
    experience: row.experience,
    recipe,
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

/** The recipes of these listings (the others have none), with their ingredients in order. */
async function recipesOf(db: Db, itemIds: readonly string[]): Promise<Map<string, NonNullable<Listing['recipe']>>> {
  const found = new Map<string, NonNullable<Listing['recipe']>>();
  if (itemIds.length === 0) return found;
  const rows = await db
    .select()
    .from(recipes)
    .where(inArray(recipes.itemId, [...itemIds]));
  if (rows.length === 0) return found;
  const lines = await db
    .select()
    .from(recipeIngredients)
    .where(
      inArray(
        recipeIngredients.recipeId,
        rows.map((row) => row.itemId),
      ),
    )
    .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position));
  for (const { itemId, ...recipe } of rows) {
    found.set(itemId, {
      ...recipe,
      ingredients: lines
        .filter((line) => line.recipeId === itemId)
        .map((line) => ({
          name: line.name,
          quantityMilli: line.quantityMilli,
          unit: line.unit,
          matchProductKey: line.matchProductKey,
        })),
    });
  }
  return found;
}

/**
 * What Grocery and Farm sell in the market as each ingredient, by name: an item whose name (in
 * any of its languages) is the ingredient's or begins with it as a whole word, a plural allowed,
 * the shortest such name first ("Salt" is "Salt, 1 kg" and not "Salted butter"; "Onion" is
 * "Onions, 1 kg"); null where none is.
 */
async function matchIngredients(db: Db, countryCode: string, names: readonly Record<string, string>[]) {
  // One at a time: inside a transaction the queries share one connection.
  const found: (string | null)[] = [];
  for (const name of names) {
    const words = [...new Set(Object.values(name).map((text) => text.trim().toLowerCase()))].filter(Boolean);
    if (words.length === 0) {
      found.push(null);
      continue;
    }
    const [row] = await db
      .select({ key: items.productKey })
      .from(items)
      .where(
        and(
          eq(items.countryCode, countryCode),
          inArray(items.service, ['grocery', 'farm']),
          sql`${items.productKey} is not null`,
          sql`exists (select 1 from jsonb_each_text(${items.name}) as t where lower(t.value) ~ any (array[${sql.join(
            words.map((word) => sql`${`^${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(e?s)?([^[:alpha:]]|$)`}`),
            sql`, `,
          )}]::text[]))`,
        ),
      )
      .orderBy(sql`(select min(length(t.value)) from jsonb_each_text(${items.name}) as t)`, asc(items.productKey))
      .limit(1);
    found.push(row?.key ?? null);
  }
  return found;
}

/** Writes a recipe listing's recipe and its ingredients (replacing any it had), matched in the market. */
async function writeRecipe(db: Db, itemId: string, countryCode: string, values: ListingInput) {
  if (!values.recipe) return;
  const { ingredients, ...recipe } = values.recipe;
  await db
    .insert(recipes)
    .values({ itemId, ...recipe })
    .onConflictDoUpdate({ target: recipes.itemId, set: recipe });
  // An ingredient named as before keeps the match it had (a seed's or an operator's may be
  // better than a match by name); only new or renamed ones are matched again.
  const before = await db
    .delete(recipeIngredients)
    .where(eq(recipeIngredients.recipeId, itemId))
    .returning({ name: recipeIngredients.name, matchProductKey: recipeIngredients.matchProductKey });
  if (ingredients.length === 0) return;
  const sameName = (a: Record<string, string>, b: Record<string, string>) =>
    Object.entries(a).some(([lang, text]) => b[lang]?.trim().toLowerCase() === text.trim().toLowerCase());
  const kept = ingredients.map((ingredient) => before.find((old) => sameName(ingredient.name, old.name)));
  const found = await matchIngredients(
    db,
    countryCode,
    ingredients.flatMap((ingredient, index) => (kept[index] ? [] : [ingredient.name])),
  );
  let next = 0;
  const matches = ingredients.map((_, index) => {
    const old = kept[index];
    return old ? old.matchProductKey : (found[next++] ?? null);
  });
  await db.insert(recipeIngredients).values(
    ingredients.map((ingredient, position) => ({
      recipeId: itemId,
      position,
      name: ingredient.name,
      quantityMilli: ingredient.quantityMilli,
      unit: ingredient.unit,
      matchProductKey: matches[position] ?? null,
    })),
  );
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
      const recipesFound = await recipesOf(
        db,
        rows.filter((row) => row.type === 'recipe').map((row) => row.id),
      );
      return rows.map((row) => present(row, recipesFound.get(row.id) ?? null));
    },

    /** A listing, when `userId` runs its shop. */
    async runBy(userId: string, id: string): Promise<Listing | undefined> {
      const [row] = await db
        .select(selection)
        .from(items)
        .leftJoin(experiences, eq(experiences.itemId, items.id))
        .innerJoin(providerMembers, eq(providerMembers.providerId, items.providerId))
        .where(and(eq(items.id, id), eq(providerMembers.userId, userId)));
      if (!row) return undefined;
      return present(row, (await recipesOf(db, [row.id])).get(row.id) ?? null);
    },

    async insert(
      shop: ListingShop,
      values: ListingInput & { slug: string; type: string; currency: string; images: string[] },
    ): Promise<string> {
      return db.transaction(async () => {
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
            taxClass: values.taxClass ?? 'standard',
            unit: values.unit,
            stock: values.stock,
            available: values.available,
            options: values.options,
          })
          .returning({ id: items.id });
        if (!row) throw new Error('The listing was not stored');
        const experience = experienceRow(row.id, values);
        if (experience) await db.insert(experiences).values(experience);
        await writeRecipe(db, row.id, shop.countryCode, values);
        return row.id;
      });
    },

    async update(id: string, values: ListingInput): Promise<void> {
      await db.transaction(async () => {
        const [changed] = await db
          .update(items)
          .set({
            name: values.name,
            description: values.description,
            category: values.category,
            unit: values.unit,
            price: values.price,
            ...(values.taxClass ? { taxClass: values.taxClass } : {}),
            stock: values.stock,
            available: values.available,
            options: values.options,
            updatedAt: sql`now()`,
          })
          .where(eq(items.id, id))
          .returning({ countryCode: items.countryCode });
        const experience = experienceRow(id, values);
        if (experience) {
          const { itemId: _itemId, ...changes } = experience;
          await db
            .insert(experiences)
            .values(experience)
            .onConflictDoUpdate({ target: experiences.itemId, set: changes });
        }
        if (changed) await writeRecipe(db, id, changed.countryCode, values);
      });
    },

    async setHidden(id: string, hidden: boolean): Promise<void> {
      await db.update(items).set({ hidden, updatedAt: sql`now()` }).where(eq(items.id, id));
    },

    async setImages(id: string, images: string[]): Promise<void> {
      await db.update(items).set({ images, updatedAt: sql`now()` }).where(eq(items.id, id));
    },

    /** Of the photo ids, those some item names among its images (`photo:<id>`). */
    async photosInUse(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const keys = ids.map((id) => `photo:${id}`);
      const result = await db.execute<{ key: string }>(sql`
        select distinct image as key from ${items}, unnest(${items.images}) as image
        where ${items.images} && ${sql.param(keys)}::text[] and image = any(${sql.param(keys)}::text[])`);
      return new Set((result as unknown as { rows: { key: string }[] }).rows.map((row) => row.key.slice(6)));
    },

    /**
     * Keeps the retired photos as the sweep found them: `unused` (stored, named by no item) are
     * retired from `now` unless they already were, every other retired photo is forgotten (named
     * again, or its files gone). Gives those retired before `cutoff`.
     */
    async retirePhotos(unused: readonly string[], now: Date, cutoff: Date): Promise<string[]> {
      const ids = sql.param([...unused]);
      await db.delete(retiredPhotos).where(sql`not (${retiredPhotos.id} = any(${ids}::text[]))`);
      if (unused.length === 0) return [];
      // One array parameter, however many: a row of values each would pass PostgreSQL's
      // 65,535 parameters with a backlog of 32,768 photos.
      await db.execute(sql`
        insert into ${retiredPhotos} (id, retired_at)
        select id, ${now.toISOString()}::timestamptz from unnest(${ids}::text[]) as id
        on conflict (id) do nothing`);
      const due = await db
        .select({ id: retiredPhotos.id })
        .from(retiredPhotos)
        .where(lt(retiredPhotos.retiredAt, cutoff));
      return due.map((row) => row.id);
    },

    /** Forgets retired photos: their files are gone, or were never there. */
    async forgetPhotos(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(retiredPhotos).where(sql`${retiredPhotos.id} = any(${sql.param([...ids])}::text[])`);
    },
  };
}

export type ListingRepository = ReturnType<typeof createListingRepository>;
