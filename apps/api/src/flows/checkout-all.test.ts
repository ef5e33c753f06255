import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { ListOrdersResponse } from '@malewa/contracts/orders/list-orders';
import type { Payment } from '@malewa/contracts/payments/payment';
import { items, providers } from '@malewa/db/schema/catalog';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKmBetween } from '../pricing/delivery-quote.ts';
import { bearer, signUp } from '../testing/accounts.ts';
import { addressAt, enough, type KitchenMeal, kitchenMeals, openAroundTheClock } from '../testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '../testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '../testing/test-app.ts';

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let meal: KitchenMeal;
let product: { slug: string; quantity: number };

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database);
  await app.ready();
  // A kitchen and a grocery store that both deliver to the kitchen's door.
  const stores = await database.db
    .select({
      slug: items.slug,
      price: items.price,
      latitude: providers.latitude,
      longitude: providers.longitude,
      radiusKm: providers.deliveryRadiusKm,
      minimumOrder: providers.minimumOrder,
    })
    .from(items)
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(
      and(
        eq(items.countryCode, 'KE'),
        eq(items.service, 'grocery'),
        eq(providers.status, 'active'),
        eq(items.available, true),
        eq(items.stepMilli, 1000),
        sql`coalesce(${items.stock}, 1000) >= 200`,
        sql`jsonb_array_length(${items.options}) = 0`,
      ),
    );
  for (const kitchen of await kitchenMeals(database)) {
    const store = stores.find((entry) => distanceKmBetween(kitchen, entry) <= entry.radiusKm);
    if (store) {
      meal = kitchen;
      product = { slug: store.slug, quantity: Math.max(1, Math.ceil(store.minimumOrder / store.price)) };
      break;
    }
  }
  if (!product) throw new Error('no kitchen and grocery store deliver to one door');
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopperWithTwoCarts() {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `payall.${shoppers}@example.com` });
  const headers = { ...bearer(session), 'x-store-id': 'KE' };
  for (const [service, item, quantity] of [
    ['food', meal.slug, enough(meal)],
    ['grocery', product.slug, product.quantity],
  ] as const) {
    const added = await app.inject({
      method: 'POST',
      url: `/api/carts/${service}/items`,
      headers,
      payload: { item, quantity },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  return { headers, session };
}

const cartOf = async (headers: Record<string, string>, service: string) =>
  (await app.inject({ method: 'GET', url: `/api/carts/${service}`, headers })).json<{ data: Cart }>().data;

function payAll(headers: Record<string, string>, body: object) {
  return app.inject({
    method: 'POST',
    url: '/api/carts/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: body,
  });
}

describe('pay all carts', () => {
  it('checks out the food and grocery carts together, in cash: one checkout, one order per shop', async () => {
    const { headers, session } = await shopperWithTwoCarts();
    // The goods of both carts (their delivery is priced at the address's pin, at checkout).
    const goods = (await cartOf(headers, 'food')).subtotal.amount + (await cartOf(headers, 'grocery')).subtotal.amount;
    const placed = await payAll(headers, {
      services: ['food', 'grocery'],
      address: addressAt(meal),
      payment: { method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { data } = placed.json<CheckoutResponse>();
    expect(data.orders.map((order) => order.service).sort()).toEqual(['food', 'grocery']);
    expect(data.orders.reduce((sum, order) => sum + order.subtotal.amount, 0)).toBe(goods);
    expect(data.total.amount).toBe(data.orders.reduce((sum, order) => sum + order.total.amount, 0));
    // Each order's total is its own goods and delivery, less its discount (a fee is never negative: the schema says so).
    for (const order of data.orders) {
      expect(order.total.amount, order.service).toBe(
        order.subtotal.amount + order.deliveryFee.amount - order.discount.amount,
      );
    }
    expect((await cartOf(headers, 'food')).lineCount).toBe(0);
    expect((await cartOf(headers, 'grocery')).lineCount).toBe(0);
    const mine = (
      await app.inject({ method: 'GET', url: `/api/orders?checkout=${data.checkoutId}`, headers })
    ).json<ListOrdersResponse>();
    expect(mine.meta.total).toBe(2);
    // One receipt for the whole checkout, naming both shops.
    const receipt = await outbox.latest(session.credential.identifier);
    for (const order of data.orders) expect(receipt).toContain(order.provider.name);
  });

  it('places neither cart when both come to another total than the one shown', async () => {
    const { headers } = await shopperWithTwoCarts();
    const pin = `lat=${meal.latitude}&lng=${meal.longitude}`;
    const totalOf = async (service: string) =>
      (await app.inject({ method: 'GET', url: `/api/carts/${service}?${pin}`, headers })).json<{ data: Cart }>().data
        .total.amount;
    const shown = (await totalOf('food')) + (await totalOf('grocery'));
    const send = (expectedTotal: number) =>
      payAll(headers, {
        services: ['food', 'grocery'],
        address: addressAt(meal),
        payment: { method: 'cash' },
        expectedTotal,
      });
    const refused = await send(shown + 100);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json<ErrorResponse>().problem).toEqual({ code: 'total_changed' });
    expect((await cartOf(headers, 'food')).lineCount).toBeGreaterThan(0);
    expect((await cartOf(headers, 'grocery')).lineCount).toBeGreaterThan(0);
    const placed = await send(shown);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<CheckoutResponse>().data.total.amount).toBe(shown);
  });

  it('asks one mobile-money prompt for both carts, and places both once it is approved', async () => {
    const { headers } = await shopperWithTwoCarts();
    const started = await payAll(headers, {
      services: ['food', 'grocery'],
      address: addressAt(meal),
      payment: { method: 'mpesa', phone: '0712 345 678' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const payment = started.json<{ data: { payment: Payment } }>().data.payment;
    const approved = await app.inject({
      method: 'POST',
      url: `/api/payments/${payment.id}/sandbox`,
      headers,
      payload: { decision: 'approve' },
    });
    const paid = approved.json<{ data: Payment }>().data;
    expect(paid.status).toBe('succeeded');
    const orders = (
      await app.inject({ method: 'GET', url: `/api/orders?checkout=${paid.checkoutId}`, headers })
    ).json<ListOrdersResponse>();
    expect(orders.data.map((order) => order.service).sort()).toEqual(['food', 'grocery']);
    for (const order of orders.data) expect(order.payment).toMatchObject({ method: 'mpesa', status: 'paid' });
    // One prompt for both: the payment is what the two carts' orders come to, delivery included.
    expect(payment.amount.amount).toBe(orders.data.reduce((sum, order) => sum + order.total.amount, 0));
  });

  it('refuses an empty cart among them, a cart named twice, one cart alone, and a delivery window', async () => {
    const { headers } = await shopperWithTwoCarts();
    const body = { address: addressAt(meal), payment: { method: 'cash' } };
    const empty = await payAll(headers, { ...body, services: ['food', 'farm'] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<ErrorResponse>().problem).toEqual({ code: 'empty' });
    expect((await payAll(headers, { ...body, services: ['food', 'food'] })).statusCode).toBe(400);
    expect((await payAll(headers, { ...body, services: ['food'] })).statusCode).toBe(400);
    expect(
      (await payAll(headers, { ...body, services: ['food', 'grocery'], deliverAt: '2026-12-01T10:00:00.000Z' }))
        .statusCode,
    ).toBe(400);
    // Nothing was placed: both carts are as they were.
    expect((await cartOf(headers, 'food')).lineCount).toBe(1);
    expect((await cartOf(headers, 'grocery')).lineCount).toBe(1);
    const anonymous = await payAll({ 'x-store-id': 'KE' }, { ...body, services: ['food', 'grocery'] });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses both carts while one of their shops is closed: carts paid together go as soon as possible', async () => {
    const { headers } = await shopperWithTwoCarts();
    const store = (await cartOf(headers, 'grocery')).groups[0]?.provider.slug ?? '';
    const closed = Array.from({ length: 7 }, () => [] as [number, number][]);
    await database.db.update(providers).set({ hours: closed }).where(eq(providers.slug, store));
    try {
      expect((await cartOf(headers, 'grocery')).groups[0]?.deliversNow).toBe(false);
      const refused = await payAll(headers, {
        address: addressAt(meal),
        payment: { method: 'cash' },
        services: ['food', 'grocery'],
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json<ErrorResponse>().problem).toEqual({ code: 'closed', shop: store });
      expect((await cartOf(headers, 'food')).lineCount).toBe(1);
      expect((await cartOf(headers, 'grocery')).lineCount).toBe(1);
    } finally {
      await openAroundTheClock(database);
    }
  });
});
