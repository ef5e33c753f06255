import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import { offers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKmBetween } from '#api/pricing/delivery-quote.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, type KitchenMeal, kitchenMeals } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

// The seed's automatic offers run around the seeding time: South African food has 10 % off
// from R 150 and free delivery at its first kitchen (docs/decisions/0032-one-pricing-rule.md).
const NOW = new Date('2026-11-24T09:30:00Z');
const JOHANNESBURG = { latitude: -26.2041, longitude: 28.0473 };
const R150 = 15_000;

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let freeDeliveryShop: string;
let tenPercent: string;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  const running = await database.db
    .select({ id: offers.id, kind: offers.kind, value: offers.value, providerId: offers.providerId })
    .from(offers)
    .where(and(eq(offers.countryCode, 'ZA'), eq(offers.service, 'food'), isNull(offers.code)));
  const free = running.find((offer) => offer.kind === 'free-delivery');
  const ten = running.find((offer) => offer.kind === 'percent' && offer.value === 10);
  if (!free?.providerId || !ten) throw new Error('the seed has no running South African food offers');
  freeDeliveryShop = free.providerId;
  tenPercent = ten.id;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper() {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `offers.${shoppers}@example.com` });
  return { session, headers: { ...bearer(session), 'x-store-id': 'ZA' } };
}

/** Johannesburg kitchens, the one with free delivery apart. */
async function joburgKitchens(): Promise<{ free: KitchenMeal; others: KitchenMeal[] }> {
  const meals = (await kitchenMeals(database, 'ZA')).filter((meal) => distanceKmBetween(meal, JOHANNESBURG) < 40);
  const free = meals.find((meal) => meal.providerId === freeDeliveryShop);
  if (!free) throw new Error('the free-delivery kitchen is not in Johannesburg');
  return { free, others: meals.filter((meal) => meal !== free) };
}

async function cartOf(headers: Record<string, string>): Promise<Cart> {
  const response = await app.inject({ method: 'GET', url: '/api/carts/food', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Cart }>().data;
}

async function add(headers: Record<string, string>, slug: string, quantity: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/food/items',
    headers,
    payload: { item: slug, quantity },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const checkout = (headers: Record<string, string>, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload,
  });

/** The cart as shown for delivery to the meal's kitchen's own pin. */
async function shownAt(headers: Record<string, string>, meal: KitchenMeal): Promise<Cart> {
  const priced = await app.inject({
    method: 'GET',
    url: `/api/carts/food?lat=${meal.latitude}&lng=${meal.longitude}`,
    headers,
  });
  return priced.json<{ data: Cart }>().data;
}

/** The cart checked out in cash to the meal's address at the total it was shown: its first order. */
async function checkoutAt(headers: Record<string, string>, meal: KitchenMeal, shown: Cart) {
  const response = await checkout(headers, {
    address: addressAt(meal),
    payment: { method: 'cash' },
    expectedTotal: shown.total.amount,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CheckoutResponse>().data.orders[0];
}

describe('automatic offers', () => {
  it('give a Johannesburg food cart from R 150 its 10 % as a named line, and the order and receipt keep it', async () => {
    const { headers, session } = await shopper();
    const { others } = await joburgKitchens();
    const meal = others.find((kitchen) => kitchen.minimumOrder <= R150);
    if (!meal) throw new Error('no Johannesburg kitchen takes R 150');
    const quantity = Math.ceil(R150 / meal.price);
    await add(headers, meal.slug, quantity);
    const cart = await cartOf(headers);
    const [group] = cart.groups;
    const subtotal = meal.price * quantity;
    const tenth = Math.floor(subtotal / 10);
    expect(group?.discounts).toEqual([
      {
        source: 'offer',
        offerId: tenPercent,
        code: null,
        kind: 'percent',
        value: 10,
        title: null,
        label: '10% off',
        appliesTo: 'goods',
        fundedBy: 'marketplace',
        amount: { amount: tenth, currency: 'ZAR' },
      },
    ]);
    expect(group?.discount.amount).toBe(tenth);
    expect(cart.discount.amount).toBe(tenth);
    expect(cart.total.amount).toBe(cart.subtotal.amount + cart.deliveryFee.amount - tenth);

    const shown = await shownAt(headers, meal);
    const order = await checkoutAt(headers, meal, shown);
    expect(order?.discounts).toEqual(shown.groups[0]?.discounts);
    expect(order?.discount.amount).toBe(tenth);
    expect(order?.total.amount).toBe(shown.total.amount);
    const receipt = await outbox.latest(session.credential.identifier);
    expect(receipt).toContain('10% off');
  });

  it('stand beside a coupon on the same cart: the coupon takes its share of what the offer left', async () => {
    const { headers } = await shopper();
    const { others } = await joburgKitchens();
    const meal = others.find((kitchen) => kitchen.minimumOrder <= R150);
    if (!meal) throw new Error('no Johannesburg kitchen takes R 150');
    const code = `BESIDE${randomBytes(3).toString('hex').toUpperCase()}`;
    const day = 86_400_000;
    const [coupon] = await database.db
      .insert(offers)
      .values({
        countryCode: 'ZA',
        service: 'food',
        kind: 'fixed',
        value: 500,
        startsAt: new Date(NOW.getTime() - day),
        endsAt: new Date(NOW.getTime() + day),
        code,
      })
      .returning({ id: offers.id });
    const quantity = Math.ceil(R150 / meal.price);
    await add(headers, meal.slug, quantity);
    const applied = await app.inject({ method: 'PUT', url: '/api/carts/food/coupon', headers, payload: { code } });
    expect(applied.statusCode, applied.body).toBe(200);

    const shown = await shownAt(headers, meal);
    const tenth = Math.floor((meal.price * quantity) / 10);
    expect(shown.groups[0]?.discounts.map((line) => [line.source, line.offerId, line.amount.amount])).toEqual([
      ['offer', tenPercent, tenth],
      ['coupon', coupon?.id, 500],
    ]);
    expect(shown.coupon).toMatchObject({ code, problem: null, discount: { amount: 500 } });
    expect(shown.total.amount).toBe(shown.subtotal.amount + shown.deliveryFee.amount - tenth - 500);

    const order = await checkoutAt(headers, meal, shown);
    expect(order?.discounts).toEqual(shown.groups[0]?.discounts);
    expect(order?.total.amount).toBe(shown.total.amount);
  });

  it('give nothing under the minimum, and name free delivery with a fee of 0', async () => {
    const { headers } = await shopper();
    const { free, others } = await joburgKitchens();
    const small = others.find((kitchen) => kitchen.price < R150);
    if (!small || free.price >= R150) throw new Error('no Johannesburg meal under R 150');
    await add(headers, small.slug, 1);
    await add(headers, free.slug, 1);
    const response = await app.inject({
      method: 'GET',
      url: `/api/carts/food?lat=${free.latitude}&lng=${free.longitude}`,
      headers,
    });
    const cart = response.json<{ data: Cart }>().data;
    const freeGroup = cart.groups.find((group) => group.provider.slug === free.providerSlug);
    const smallGroup = cart.groups.find((group) => group.provider.slug === small.providerSlug);
    expect(smallGroup?.discounts).toEqual([]);
    const fee = freeGroup?.delivery?.fee.amount ?? 0;
    expect(fee).toBeGreaterThan(0);
    expect(freeGroup?.discounts).toMatchObject([
      {
        source: 'offer',
        kind: 'free-delivery',
        label: 'Free delivery',
        appliesTo: 'delivery',
        amount: { amount: fee },
      },
    ]);
    expect(freeGroup?.total.amount).toBe(free.price);
  });

  it('that end between the cart and the checkout change the total: total_changed, nothing placed', async () => {
    const { headers } = await shopper();
    const { others } = await joburgKitchens();
    const meal = others.find((kitchen) => kitchen.minimumOrder <= R150);
    if (!meal) throw new Error('no Johannesburg kitchen takes R 150');
    await add(headers, meal.slug, Math.ceil(R150 / meal.price));
    const shown = (
      await app.inject({
        method: 'GET',
        url: `/api/carts/food?lat=${meal.latitude}&lng=${meal.longitude}`,
        headers,
      })
    ).json<{ data: Cart }>().data;
    expect(shown.discount.amount).toBeGreaterThan(0);
    // An operator ends the 10 % meanwhile.
    const [kept] = await database.db.select({ endsAt: offers.endsAt }).from(offers).where(eq(offers.id, tenPercent));
    await database.db.update(offers).set({ endsAt: NOW }).where(eq(offers.id, tenPercent));
    try {
      const response = await checkout(headers, {
        address: addressAt(meal),
        payment: { method: 'cash' },
        expectedTotal: shown.total.amount,
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorResponse>().problem).toEqual({ code: 'total_changed' });
      expect((await cartOf(headers)).lineCount).toBe(1);
    } finally {
      await database.db
        .update(offers)
        .set({ endsAt: kept?.endsAt ?? NOW })
        .where(eq(offers.id, tenPercent));
    }
  });
});
