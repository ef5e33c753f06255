import { randomBytes } from 'node:crypto';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import type { Database } from '@malewa/db/database';
import { experiences, items, providers } from '@malewa/db/schema/catalog';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { distanceKmBetween } from '../pricing/delivery-quote.ts';

// Kitchens and meals of the seeded Kenyan catalog for tests that place orders.

export interface KitchenMeal {
  id: string;
  slug: string;
  price: number;
  providerId: string;
  providerSlug: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  minimumOrder: number;
}

/**
 * Opens every seeded shop but the chefs (who take bookings) all day, every day, with no closed
 * dates: tests that place orders for as soon as possible, with the real clock, pass at any
 * hour of the day they run.
 */
export async function openAroundTheClock(database: Database): Promise<void> {
  const allDay = Array.from({ length: 7 }, () => [[0, 24 * 60]]);
  await database.db
    .update(providers)
    .set({ hours: allDay as [number, number][][], closedDates: [] })
    .where(ne(providers.service, 'chef'));
}

/** Runs `run` with a shop's weekly hours set to `hours` (Monday first), then gives it its own back. */
export async function withHours<T>(
  database: Database,
  providerId: string,
  hours: [number, number][][],
  run: () => Promise<T>,
): Promise<T> {
  const [kept] = await database.db
    .select({ hours: providers.hours })
    .from(providers)
    .where(eq(providers.id, providerId));
  await database.db.update(providers).set({ hours }).where(eq(providers.id, providerId));
  try {
    return await run();
  } finally {
    await database.db
      .update(providers)
      .set({ hours: kept?.hours ?? [] })
      .where(eq(providers.id, providerId));
  }
}

/** How many of a meal reach its kitchen's minimum order. */
export const enough = (meal: KitchenMeal) => Math.max(1, Math.ceil(meal.minimumOrder / meal.price));

/** A market's meals without options or stock (Kenya's unless told), one per active kitchen. */
export async function kitchenMeals(database: Database, countryCode = 'KE'): Promise<KitchenMeal[]> {
  const rows = await database.db
    .select({
      id: items.id,
      slug: items.slug,
      price: items.price,
      providerId: providers.id,
      providerSlug: providers.slug,
      latitude: providers.latitude,
      longitude: providers.longitude,
      radiusKm: providers.deliveryRadiusKm,
      minimumOrder: providers.minimumOrder,
    })
    .from(items)
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(
      and(
        eq(items.countryCode, countryCode),
        eq(items.service, 'food'),
        eq(providers.status, 'active'),
        eq(items.available, true),
        isNull(items.stock),
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    )
    .orderBy(items.slug);
  const byKitchen = new Map<string, KitchenMeal>();
  for (const row of rows) if (!byKitchen.has(row.providerId)) byKitchen.set(row.providerId, row);
  return [...byKitchen.values()];
}

/** Two kitchens that both deliver to the first one's door. */
export async function twoKitchensNearby(database: Database): Promise<[KitchenMeal, KitchenMeal]> {
  const meals = await kitchenMeals(database);
  for (const a of meals) {
    const b = meals.find((other) => other !== a && distanceKmBetween(a, other) <= other.radiusKm);
    if (b) return [a, b];
  }
  throw new Error('no two kitchens deliver to one place');
}

export const addressAt = (place: { latitude: number; longitude: number }) => ({
  recipient: 'Amani Otieno',
  phone: '0712 345 678',
  line: 'Kindaruma Road, House 14',
  area: 'Kilimani',
  city: 'Nairobi',
  latitude: place.latitude,
  longitude: place.longitude,
  instructions: 'Blue gate opposite the chemist',
});

/** Another meal of a kitchen that needs no choices and has no stock count: a second line to buy. */
export async function anotherMealOf(database: Database, meal: KitchenMeal): Promise<{ id: string; slug: string }> {
  const [other] = await database.db
    .select({ id: items.id, slug: items.slug })
    .from(items)
    .where(
      and(
        eq(items.providerId, meal.providerId),
        isNull(items.stock),
        ne(items.slug, meal.slug),
        eq(items.available, true),
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    )
    .limit(1);
  if (!other) throw new Error(`${meal.providerSlug} sells nothing else without choices`);
  return other;
}

/** A placed cash order of enough of `meal`, by the shopper whose headers (with X-STORE-ID) are given. */
export async function placeOrderOf(
  app: FastifyInstance,
  headers: Record<string, string>,
  meal: KitchenMeal,
): Promise<Order> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers,
    payload: { item: meal.slug, quantity: enough(meal) },
  });
  if (added.statusCode !== 201) throw new Error(`adding answered ${added.statusCode}: ${added.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(meal), payment: { method: 'cash' } },
  });
  const order = response.json<CheckoutResponse>().data?.orders[0];
  if (response.statusCode !== 201 || !order)
    throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
  return order;
}

export interface ChefExperience {
  id: string;
  slug: string;
  price: number;
  providerId: string;
  latitude: number;
  longitude: number;
  guestsMin: number;
  guestsMax: number;
  durationMinutes: number;
}

/**
 * A Kenyan chef experience priced per guest that takes 8 guests and whose 8 guests reach the
 * chef's minimum order, without choices: the booking the acceptance test makes.
 */
export async function chefExperienceFor8(database: Database): Promise<ChefExperience> {
  const [row] = await database.db
    .select({
      id: items.id,
      slug: items.slug,
      price: items.price,
      providerId: providers.id,
      latitude: providers.latitude,
      longitude: providers.longitude,
      guestsMin: experiences.guestsMin,
      guestsMax: experiences.guestsMax,
      durationMinutes: experiences.durationMinutes,
    })
    .from(items)
    .innerJoin(providers, eq(providers.id, items.providerId))
    .innerJoin(experiences, eq(experiences.itemId, items.id))
    .where(
      and(
        eq(items.countryCode, 'KE'),
        eq(providers.status, 'active'),
        eq(items.available, true),
        eq(experiences.pricing, 'per-guest'),
        sql`${experiences.guestsMin} <= 8 and ${experiences.guestsMax} >= 8`,
        sql`${items.price} * 8 >= ${providers.minimumOrder}`,
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    )
    .orderBy(items.slug)
    .limit(1);
  if (!row) throw new Error('no Kenyan chef experience takes 8 guests');
  return row;
}
