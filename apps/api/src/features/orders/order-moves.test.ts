import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { Order } from '@malewa/contracts/orders/order';
import { ADVANCED_STATUSES } from '@malewa/contracts/orders/order';
import { offerRedemptions } from '@malewa/db/schema/carts';
import { items, offers, providerMembers, providers } from '@malewa/db/schema/catalog';
import { deliveryJobs } from '@malewa/db/schema/delivery';
import { orderEvents } from '@malewa/db/schema/orders';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, anotherMealOf, enough, type KitchenMeal, twoKitchensNearby } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;
let kitchen: KitchenMeal;
let otherKitchen: KitchenMeal;
/** Runs `kitchen`'s shop. */
let cook: Record<string, string>;
/** Runs another shop. */
let otherCook: Record<string, string>;
/** A shopper with no provider role. */
let shopperHeaders: Record<string, string>;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
  [kitchen, otherKitchen] = await twoKitchensNearby(database);
  const cookSession = await signUp(app, database, outbox, { identifier: 'cook@example.com', roles: ['provider'] });
  const otherSession = await signUp(app, database, outbox, {
    identifier: 'other.cook@example.com',
    roles: ['provider'],
  });
  await database.db.insert(providerMembers).values([
    { providerId: kitchen.providerId, userId: cookSession.user.id },
    { providerId: otherKitchen.providerId, userId: otherSession.user.id },
  ]);
  cook = bearer(cookSession);
  otherCook = bearer(otherSession);
  shopperHeaders = {
    ...bearer(await signUp(app, database, outbox, { identifier: 'eater@example.com' })),
    'x-store-id': 'KE',
  };
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

/** A placed order at `kitchen`, by the shopper, with `extra` items of the kitchen added first. */
async function placed(extra: { slug: string; quantity: number }[] = [], headers = shopperHeaders): Promise<Order> {
  for (const line of [{ slug: kitchen.slug, quantity: enough(kitchen) }, ...extra]) {
    const added = await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers,
      payload: { item: line.slug, quantity: line.quantity },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/carts/food/checkout',
    headers: { ...headers, 'idempotency-key': randomBytes(18).toString('base64url') },
    payload: { address: addressAt(kitchen), payment: { method: 'cash' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = response.json<CheckoutResponse>().data.orders[0];
  if (!order) throw new Error('no order');
  return order;
}

function move(headers: Record<string, string>, order: Order, action: string, payload?: object) {
  return app.inject({
    method: 'POST',
    url: `/api/provider/orders/${order.id}/${action}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

const statusOf = (response: Awaited<ReturnType<typeof move>>) => response.json<{ data: Order }>().data.status;

describe('a provider moves orders of their own shop', () => {
  it('accepts with a preparation time, then advances it to delivered, when cash is paid', async () => {
    const order = await placed();
    const accepted = await move(cook, order, 'accept', { prepMinutes: order.etaMinutes + 20 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(statusOf(accepted)).toBe('accepted');
    expect(accepted.json<{ data: Order }>().data.etaMinutes).toBeGreaterThan(order.etaMinutes);
    // The same press sent again (its answer lost) is answered as it is: the first's minutes stand.
    const again = await move(cook, order, 'accept', { prepMinutes: 10 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: Order }>().data).toMatchObject({
      status: 'accepted',
      etaMinutes: accepted.json<{ data: Order }>().data.etaMinutes,
    });
    expect(await database.db.select().from(deliveryJobs).where(eq(deliveryJobs.orderId, order.id))).toHaveLength(1);
    // The move names its step: without one it is refused, and one that is not next is a 409.
    expect((await move(cook, order, 'advance')).statusCode).toBe(400);
    expect((await move(cook, order, 'advance', { to: 'ready' })).statusCode).toBe(409);
    const steps = [];
    for (const to of ADVANCED_STATUSES) {
      steps.push(statusOf(await move(cook, order, 'advance', { to })));
      // The same press sent again (a retry on a poor connection, a second cook) moves it once.
      const again = await move(cook, order, 'advance', { to });
      expect(again.statusCode, again.body).toBe(200);
      expect(statusOf(again)).toBe(to);
    }
    expect(steps).toEqual(['preparing', 'ready', 'out_for_delivery', 'delivered']);
    const delivered = await app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: shopperHeaders });
    expect(delivered.json<{ data: Order }>().data.payment.status).toBe('paid');
    expect((await move(cook, order, 'advance', { to: 'out_for_delivery' })).statusCode).toBe(409);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.status)).toEqual([
      'placed',
      'accepted',
      'preparing',
      'ready',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('rejects a placed order with a reason, and its stock comes back', async () => {
    const stocked = await anotherMealOf(database, kitchen);
    await database.db.update(items).set({ stock: 5 }).where(eq(items.id, stocked.id));
    try {
      const order = await placed([{ slug: stocked.slug, quantity: 2 }]);
      const stockOf = async () =>
        (await database.db.select({ stock: items.stock }).from(items).where(eq(items.id, stocked.id)))[0]?.stock;
      expect(await stockOf()).toBe(3);
      const rejected = await move(cook, order, 'reject', { reason: 'Out of charcoal tonight' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<{ data: Order }>().data).toMatchObject({
        status: 'rejected',
        rejectReason: 'Out of charcoal tonight',
      });
      expect(await stockOf()).toBe(5);
      // Sent again, it is answered as it is: its reason kept, its stock not given back twice.
      const again = await move(cook, order, 'reject', { reason: 'again' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ data: Order }>().data).toMatchObject({
        status: 'rejected',
        rejectReason: 'Out of charcoal tonight',
      });
      expect(await stockOf()).toBe(5);
      const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((event) => event.status)).toEqual(['placed', 'rejected']);
      expect((await move(cook, order, 'accept', { prepMinutes: 10 })).statusCode).toBe(409);
    } finally {
      await database.db.update(items).set({ stock: null }).where(eq(items.id, stocked.id));
    }
  });

  it('lets no one else move it: another shop’s cook gets 404, a shopper 403, no one signed in 401', async () => {
    const order = await placed();
    for (const [action, payload] of [
      ['accept', { prepMinutes: 10 }],
      ['reject', { reason: 'no' }],
      ['advance', { to: 'preparing' }],
    ] as const) {
      expect((await move(otherCook, order, action, payload)).statusCode, action).toBe(404);
      expect((await move(shopperHeaders, order, action, payload)).statusCode, action).toBe(403);
      expect((await move({}, order, action, payload)).statusCode, action).toBe(401);
    }
    expect((await move(cook, order, 'accept', { prepMinutes: 0 })).statusCode).toBe(400);
    expect((await move(cook, order, 'reject', { reason: '' })).statusCode).toBe(400);
    expect(statusOf(await move(cook, order, 'accept', { prepMinutes: 15 }))).toBe('accepted');
    // A move answered as it is answers only the shop's own people: the accepted order too.
    expect((await move(otherCook, order, 'accept', { prepMinutes: 10 })).statusCode).toBe(404);
    const rejected = await placed();
    expect(statusOf(await move(cook, rejected, 'reject', { reason: 'Closed early' }))).toBe('rejected');
    expect((await move(otherCook, rejected, 'reject', { reason: 'no' })).statusCode).toBe(404);
    expect((await move(shopperHeaders, rejected, 'reject', { reason: 'no' })).statusCode).toBe(403);
  });
});

describe('a shopper cancels', () => {
  const cancel = (order: Order, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers });

  it('before preparing starts, getting the coupon’s use back; not after', async () => {
    const [coupon] = await database.db
      .insert(offers)
      .values({
        countryCode: 'KE',
        service: 'food',
        kind: 'percent',
        value: 10,
        startsAt: new Date(NOW.getTime() - 86_400_000),
        endsAt: new Date(NOW.getTime() + 86_400_000),
        code: 'CANCELME',
        totalLimit: 10,
        perShopperLimit: 1,
      })
      .returning({ id: offers.id });
    await app.inject({
      method: 'POST',
      url: '/api/carts/food/items',
      headers: shopperHeaders,
      payload: { item: kitchen.slug, quantity: enough(kitchen) },
    });
    const applied = await app.inject({
      method: 'PUT',
      url: '/api/carts/food/coupon',
      headers: shopperHeaders,
      payload: { code: 'CANCELME' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const order = await placed([]);
    expect(order.couponCode).toBe('CANCELME');
    const uses = async () =>
      (
        await database.db
          .select()
          .from(offerRedemptions)
          .where(eq(offerRedemptions.offerId, coupon?.id ?? ''))
      ).length;
    expect(await uses()).toBe(1);

    const cancelled = await cancel(order, shopperHeaders);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: Order }>().data.status).toBe('cancelled');
    expect(await uses()).toBe(0);
    const [counted] = await database.db
      .select({ n: offers.redemptions })
      .from(offers)
      .where(eq(offers.id, coupon?.id ?? ''));
    expect(counted?.n).toBe(0);
    expect((await cancel(order, shopperHeaders)).statusCode).toBe(409);

    const cooking = await placed();
    await move(cook, cooking, 'accept', { prepMinutes: 20 });
    await move(cook, cooking, 'advance', { to: 'preparing' });
    expect((await cancel(cooking, shopperHeaders)).statusCode).toBe(409);
  });

  it('only their own order', async () => {
    const order = await placed();
    const stranger = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'stranger@example.com' })),
      'x-store-id': 'KE',
    };
    expect((await cancel(order, stranger)).statusCode).toBe(404);
    expect((await cancel(order, cook)).statusCode).toBe(404);
    expect((await cancel(order, {})).statusCode).toBe(401);
  });
});

describe('after delivery', () => {
  async function delivered(): Promise<Order> {
    const order = await placed();
    await move(cook, order, 'accept', { prepMinutes: 20 });
    for (const to of ADVANCED_STATUSES) await move(cook, order, 'advance', { to });
    return order;
  }
  const rate = (order: Order, payload: object, headers = shopperHeaders) =>
    app.inject({ method: 'POST', url: `/api/orders/${order.id}/rating`, headers, payload });

  it('a shopper rates a delivered order once, and the stars count in the provider’s average', async () => {
    const before = (
      await database.db
        .select({ average: providers.ratingAverage, count: providers.ratingCount })
        .from(providers)
        .where(eq(providers.id, kitchen.providerId))
    )[0];
    const order = await delivered();
    expect((await rate(order, { stars: 6 })).statusCode).toBe(400);
    const rated = await rate(order, { stars: 4, comment: '  Goat was perfect  ' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json<{ data: Order }>().data.rating).toEqual({ stars: 4, comment: 'Goat was perfect' });
    expect((await rate(order, { stars: 5 })).statusCode).toBe(409);
    const after = (
      await database.db
        .select({ average: providers.ratingAverage, count: providers.ratingCount })
        .from(providers)
        .where(eq(providers.id, kitchen.providerId))
    )[0];
    expect(after?.count).toBe((before?.count ?? 0) + 1);
    expect(after?.average).toBeCloseTo(
      ((before?.average ?? 0) * (before?.count ?? 0) + 4) / ((before?.count ?? 0) + 1),
      6,
    );
    expect((await rate(await placed(), { stars: 3 })).statusCode).toBe(409);
    expect((await rate(order, { stars: 3 }, cook)).statusCode).toBe(404);
  });

  it('reorder puts the same lines back in the cart, and names what cannot be bought now', async () => {
    const side = await anotherMealOf(database, kitchen);
    const order = await placed([{ slug: side.slug, quantity: 1 }]);
    await database.db.update(items).set({ available: false }).where(eq(items.id, side.id));
    try {
      const response = await app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/reorder`,
        headers: shopperHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { cart, skipped } = response.json<{ data: { cart: Cart; skipped: { text: string }[] } }>().data;
      const lines = cart.groups.flatMap((group) => group.lines);
      expect(lines.map((line) => [line.item.slug, line.quantity])).toEqual([[kitchen.slug, enough(kitchen)]]);
      expect(skipped).toHaveLength(1);
      const strangers = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/reorder`, headers: cook });
      expect(strangers.statusCode).toBe(404);
    } finally {
      await database.db.update(items).set({ available: true }).where(eq(items.id, side.id));
    }
  });
});
