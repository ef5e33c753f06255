import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import { items, providers } from '@malewa/db/schema/catalog';
import { creditLedger } from '@malewa/db/schema/wallet';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKmBetween } from '#api/pricing/delivery-quote.ts';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let kitchens: [KitchenMeal, KitchenMeal];

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW, openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  kitchens = await twoKitchensNearby(database);
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper(credit = 0) {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `tipper.${shoppers}@example.com` });
  if (credit > 0) {
    await database.db
      .insert(creditLedger)
      .values({ userId: session.user.id, currency: 'KES', amountMinor: credit, reason: 'test goodwill' });
  }
  return { session, headers: { ...bearer(session), 'x-store-id': 'KE' } };
}

async function fill(headers: Record<string, string>, meals: readonly KitchenMeal[]) {
  for (const meal of meals) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: meal.slug, quantity: enough(meal) },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  const [a] = meals;
  const response = await app.inject({
    method: 'GET',
    url: `/api/carts/food?lat=${a?.latitude}&lng=${a?.longitude}`,
    headers,
  });
  return response.json<{ data: Cart }>().data;
}

const checkout = (headers: Record<string, string>, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(kitchens[0]), ...payload },
  });

async function balance(userId: string): Promise<number> {
  const [row] = await database.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amountMinor}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

const goodsOf = (cart: Cart) =>
  cart.groups.map(
    (group) =>
      group.subtotal.amount -
      group.discounts.reduce((sum, line) => sum + (line.appliesTo === 'goods' ? line.amount.amount : 0), 0),
  );

describe('a tip', () => {
  it('is shared over the orders by their goods, on top of the total shown, and the receipt says so', async () => {
    const { headers, session } = await shopper();
    const cart = await fill(headers, kitchens);
    const tip = 30_000;
    const response = await checkout(headers, { payment: { method: 'cash' }, expectedTotal: cart.total.amount, tip });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<CheckoutResponse>();
    expect(data.orders.reduce((sum, order) => sum + order.tip.amount, 0)).toBe(tip);
    for (const order of data.orders) {
      const group = cart.groups.find((each) => each.provider.slug === order.provider.slug);
      expect(order.total.amount).toBe((group?.total.amount ?? 0) + order.tip.amount);
    }
    const goods = goodsOf(cart);
    const bigger = (goods[0] ?? 0) >= (goods[1] ?? 0) ? 0 : 1;
    const biggerOrder = data.orders.find((order) => order.provider.slug === cart.groups[bigger]?.provider.slug);
    expect(biggerOrder?.tip.amount).toBeGreaterThanOrEqual(tip / 2);
    expect(data.total.amount).toBe(cart.total.amount + tip);
    const receipt = await outbox.latest(session.credential.identifier);
    expect(receipt).toMatch(/\(Tip: Ksh\s?[\d,.]+\)/i);
  });

  it('is refused above half the goods, by its field, and nothing is placed', async () => {
    const { headers } = await shopper();
    const cart = await fill(headers, [kitchens[0]]);
    const half = Math.floor((goodsOf(cart)[0] ?? 0) / 2);
    const response = await checkout(headers, { payment: { method: 'cash' }, tip: half + 1 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorResponse>().errors)).toContain('tip');
    const again = await checkout(headers, { payment: { method: 'cash' }, tip: half });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('Malewa credit', () => {
  it('pays first with useCredit; the method pays the rest, and a cancelled order gives it back', async () => {
    const { headers, session } = await shopper(10_000);
    const cart = await fill(headers, [kitchens[0]]);
    expect(cart.total.amount).toBeGreaterThan(10_000);
    // The account is South African; its shillings are asked for by currency, as checkout asks.
    const main = await app.inject({ method: 'GET', url: '/api/account/credit', headers });
    expect(main.json<{ data: unknown }>().data).toEqual({ currency: 'ZAR', balanceMinor: 0 });
    const shillings = await app.inject({ method: 'GET', url: '/api/account/credit?currency=KES', headers });
    expect(shillings.json<{ data: unknown }>().data).toEqual({ currency: 'KES', balanceMinor: 10_000 });
    const response = await checkout(headers, { payment: { method: 'cash' }, useCredit: true });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = response.json<CheckoutResponse>().data.orders;
    expect(order).toMatchObject({ creditUsed: { amount: 10_000 }, payment: { method: 'cash', status: 'pending' } });
    expect(await balance(session.user.id)).toBe(0);
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${order?.id}/cancel`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(session.user.id)).toBe(10_000);
  });

  it('that covers everything places the order with no payment step, whatever the method', async () => {
    const { headers, session } = await shopper(100_000_000);
    const cart = await fill(headers, [kitchens[0]]);
    const response = await checkout(headers, {
      payment: { method: 'mpesa', phone: '0712 345 678' },
      useCredit: true,
      expectedTotal: cart.total.amount,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [order] = response.json<CheckoutResponse>().data.orders;
    expect(order?.creditUsed.amount).toBe(order?.total.amount);
    expect(order?.payment.status).toBe('paid');
    expect(await balance(session.user.id)).toBe(100_000_000 - cart.total.amount);
    const payments = await app.inject({ method: 'GET', url: '/api/payments', headers });
    expect(payments.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('is never spent twice: two checkouts at once share one balance', async () => {
    const { headers, session } = await shopper(5_000);
    await fill(headers, [kitchens[0]]);
    // The same shopper's grocery cart, bought at the same moment.
    const [grocery] = await database.db
      .select({
        slug: items.slug,
        price: items.price,
        minimumOrder: providers.minimumOrder,
        latitude: providers.latitude,
        longitude: providers.longitude,
        radiusKm: providers.deliveryRadiusKm,
      })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(
        and(
          eq(items.countryCode, 'KE'),
          eq(items.service, 'grocery'),
          eq(providers.status, 'active'),
          eq(items.available, true),
          sql`coalesce(${items.stock}, 1000) >= 10`,
          sql`jsonb_array_length(${items.options}) = 0`,
        ),
      )
      .orderBy(desc(items.price))
      // One that delivers to the same door as the kitchen.
      .then((rows) => rows.filter((row) => distanceKmBetween(row, kitchens[0]) <= row.radiusKm));
    if (!grocery) throw new Error('the seed has no plain grocery item');
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/grocery/items',
      headers,
      payload: { item: grocery.slug, quantity: Math.max(1, Math.ceil(grocery.minimumOrder / grocery.price)) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [food, groceries] = await Promise.all([
      checkout(headers, { payment: { method: 'cash' }, useCredit: true }),
      app.inject({
        method: 'POST',
        url: '/api/carts/grocery/checkout',
        headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
        payload: { address: addressAt(kitchens[0]), payment: { method: 'cash' }, useCredit: true },
      }),
    ]);
    expect([food.statusCode, groceries.statusCode], `${food.body} ${groceries.body}`).toEqual([201, 201]);
    const placed = [food, groceries];
    const used = placed
      .flatMap((response) => response.json<CheckoutResponse>().data.orders)
      .reduce((sum: number, order: Order) => sum + order.creditUsed.amount, 0);
    expect(used).toBeLessThanOrEqual(5_000);
    expect(await balance(session.user.id)).toBe(5_000 - used);
    expect(await balance(session.user.id)).toBeGreaterThanOrEqual(0);
  });
});
