import { randomBytes } from 'node:crypto';
import type { Cart } from '@malewa/contracts/carts/cart';
import type { DeliverySlots } from '@malewa/contracts/carts/list-delivery-slots';
import type { ErrorResponse } from '@malewa/contracts/errors';
import type { CheckoutResponse } from '@malewa/contracts/orders/checkout';
import type { ListOrdersResponse } from '@malewa/contracts/orders/list-orders';
import type { Order } from '@malewa/contracts/orders/order';
import { offerRedemptions } from '@malewa/db/schema/carts';
import { items, offers, providers } from '@malewa/db/schema/catalog';
import { orders } from '@malewa/db/schema/orders';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '#api/testing/accounts.ts';
import { addressAt, anotherMealOf, enough, kitchenMeals, twoKitchensNearby, withHours } from '#api/testing/orders.ts';
import { createTestOutbox, type TestOutbox } from '#api/testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '#api/testing/test-app.ts';

const NOW = new Date('2026-11-24T09:30:00Z');
/** Parallel requests in the races (docs/product/checkout.md, races and repeats). */
const RACERS = 20;

let database: TestDatabase;
let outbox: TestOutbox;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ now: NOW });
  outbox = await createTestOutbox(database);
  app = await buildTestApp(database, { now: () => NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

let shoppers = 0;
async function shopper() {
  shoppers += 1;
  const session = await signUp(app, database, outbox, { identifier: `checkout.${shoppers}@example.com` });
  return { session, headers: { ...bearer(session), 'x-store-id': 'KE' } };
}

const newKey = () => randomBytes(18).toString('base64url');

async function add(headers: Record<string, string>, slug: string, quantity = 1, service = 'food') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/carts/${service}/items`,
    headers,
    payload: { item: slug, quantity },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Cart }>().data;
}

function placeOrder(headers: Record<string, string>, key: string | undefined, payload: unknown, service = 'food') {
  return app.inject({
    method: 'POST',
    url: `/api/carts/${service}/checkout`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
}

/** A seeded kitchen that delivers 8 km or more. */
async function farKitchen() {
  const far = (await kitchenMeals(database)).find((meal) => meal.radiusKm >= 8);
  if (!far) throw new Error('no seeded kitchen delivers 8 km');
  return far;
}

/** A door due north of a kitchen, at `share` of its delivery range (a degree of latitude is 111.2 km). */
const awayFrom = (kitchen: { latitude: number; longitude: number; radiusKm: number }, share: number) => ({
  latitude: kitchen.latitude + (share * kitchen.radiusKm) / 111.2,
  longitude: kitchen.longitude,
});

/** Open every hour of every day, for tests that order at any time. */
const ALL_DAY = Array.from({ length: 7 }, () => [[0, 24 * 60]] as [number, number][]);

describe('checkout', () => {
  it('places one order per provider, priced by the server, paid once in cash, and empties the cart', async () => {
    const { headers, session } = await shopper();
    const [a, b] = await twoKitchensNearby(database);
    const qa = enough(a) + 1;
    const qb = enough(b);
    await add(headers, a.slug, qa);
    await add(headers, b.slug, qb);
    const cart = (await app.inject({ method: 'GET', url: '/api/carts/food', headers: { ...headers } })).json<{
      data: Cart;
    }>().data;
    const payload = { address: addressAt(a), payment: { method: 'cash', changeFor: 500_000 } };
    const response = await placeOrder(headers, newKey(), payload);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json<CheckoutResponse>();
    expect(data.orders).toHaveLength(2);
    for (const order of data.orders) {
      expect(order).toMatchObject({
        status: 'placed',
        payment: { method: 'cash', status: 'pending', changeFor: { amount: 500_000, currency: 'KES' } },
        address: { recipient: 'Amani Otieno', instructions: 'Blue gate opposite the chemist' },
      });
      expect(order.total.amount).toBe(order.subtotal.amount + order.deliveryFee.amount - order.discount.amount);
      expect(order.deliveryFee.amount).toBeGreaterThan(0);
      expect(order.etaMinutes).toBeGreaterThan(0);
    }
    const forA = data.orders.find((order) => order.provider.slug === a.providerSlug);
    expect(forA?.lines[0]).toMatchObject({ itemSlug: a.slug, quantity: qa, unitPrice: { amount: a.price } });
    expect(forA?.subtotal.amount).toBe(a.price * qa);
    expect(data.total.amount).toBe(data.orders.reduce((sum, order) => sum + order.total.amount, 0));
    expect(cart.subtotal.amount).toBe(a.price * qa + b.price * qb);

    const after = (await app.inject({ method: 'GET', url: '/api/carts/food', headers })).json<{ data: Cart }>().data;
    expect(after.lineCount).toBe(0);
    // The receipt goes out through the outbox, in the shopper's language, with each shop's total.
    const receipt = await outbox.latest(session.credential.identifier);
    expect(receipt).toContain('Your Malewa order is placed');
    for (const order of data.orders) expect(receipt).toContain(order.provider.name);
    expect(receipt).toContain('/account/orders');
    const mine = (await app.inject({ method: 'GET', url: '/api/orders', headers })).json<ListOrdersResponse>();
    expect(mine.meta.total).toBe(2);
    const one = await app.inject({ method: 'GET', url: `/api/orders/${forA?.id}`, headers });
    expect(one.json<{ data: Order }>().data.id).toBe(forA?.id);
    // The confirmation page reads the orders of its checkout only.
    const ofCheckout = (
      await app.inject({ method: 'GET', url: `/api/orders?checkout=${data.checkoutId}`, headers })
    ).json<ListOrdersResponse>();
    expect(ofCheckout.data.map((order) => order.id).sort()).toEqual(data.orders.map((order) => order.id).sort());
    const ofNone = (
      await app.inject({ method: 'GET', url: `/api/orders?checkout=${crypto.randomUUID()}`, headers })
    ).json<ListOrdersResponse>();
    expect(ofNone.meta.total).toBe(0);

    // Someone else's order does not exist for them.
    const other = await shopper();
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/${forA?.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/orders', headers: other.headers })).json<ListOrdersResponse>().meta
        .total,
    ).toBe(0);
    expect(
      (
        await app.inject({ method: 'GET', url: `/api/orders?checkout=${data.checkoutId}`, headers: other.headers })
      ).json<ListOrdersResponse>().meta.total,
    ).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${forA?.id}` })).statusCode).toBe(401);
  });

  it('replays the first answer for the same Idempotency-Key, and refuses it for another request', async () => {
    const { headers, session } = await shopper();
    const [a] = await twoKitchensNearby(database);
    await add(headers, a.slug, enough(a));
    const key = newKey();
    const payload = { address: addressAt(a), payment: { method: 'cash' } };
    const first = await placeOrder(headers, key, payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await placeOrder(headers, key, payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<CheckoutResponse>().data.checkoutId).toBe(first.json<CheckoutResponse>().data.checkoutId);
    const different = await placeOrder(headers, key, { ...payload, payment: { method: 'cash', changeFor: 100_000 } });
    expect(different.statusCode).toBe(422);
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, session.user.id));
    expect(placed).toHaveLength(1);
    expect((await placeOrder(headers, undefined, payload)).statusCode).toBe(400);
    expect((await placeOrder(headers, 'short', payload)).statusCode).toBe(400);
  });

  it('makes one checkout of many requests with one key at once', async () => {
    const { headers, session } = await shopper();
    const [a] = await twoKitchensNearby(database);
    await add(headers, a.slug, enough(a));
    const key = newKey();
    const payload = { address: addressAt(a), payment: { method: 'cash' } };
    const responses = await Promise.all(Array.from({ length: RACERS }, () => placeOrder(headers, key, payload)));
    for (const response of responses) expect([201, 409], response.body).toContain(response.statusCode);
    const ids = new Set(
      responses.filter((r) => r.statusCode === 201).map((r) => r.json<CheckoutResponse>().data.checkoutId),
    );
    expect(ids.size).toBe(1);
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, session.user.id));
    expect(placed).toHaveLength(1);
  });

  it('refuses what cannot be delivered or bought, saying why, and places nothing', async () => {
    const { headers, session } = await shopper();
    const [a] = await twoKitchensNearby(database);
    const payload = { address: addressAt(a), payment: { method: 'cash' } };
    const refused = async (body: unknown, status: number) => {
      const response = await placeOrder(headers, newKey(), body);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<ErrorResponse>();
    };
    expect((await refused(payload, 422)).problem).toEqual({ code: 'empty' });
    await add(headers, a.slug, enough(a));
    // Mombasa is far beyond a Nairobi kitchen's range.
    expect(
      (await refused({ ...payload, address: { ...addressAt({ latitude: -4.0435, longitude: 39.6682 }) } }, 422))
        .problem,
    ).toEqual({ code: 'out_of_range', shop: a.providerSlug });
    expect((await refused({ ...payload, address: { ...addressAt(a), phone: '12' } }, 400)).errors).toEqual({
      'address.phone': [expect.any(String)],
    });
    expect(
      (await refused({ ...payload, address: { ...addressAt(a), phone: '+1 202 555 0100 999' } }, 400)).errors,
    ).toHaveProperty(['address.phone']);
    // Money comes from the server only.
    await refused({ ...payload, total: { amount: 1, currency: 'KES' } }, 400);
    await refused({ ...payload, payment: { method: 'cash', amount: 1 } }, 400);
    await refused({ ...payload, payment: { method: 'cheque' } }, 400);
    const [provider] = await database.db
      .select({ minimumOrder: providers.minimumOrder })
      .from(providers)
      .where(eq(providers.id, a.providerId));
    try {
      await database.db
        .update(providers)
        .set({ minimumOrder: a.price * 10 })
        .where(eq(providers.id, a.providerId));
      expect((await refused(payload, 422)).problem).toEqual({ code: 'below_minimum', shop: a.providerSlug });
    } finally {
      await database.db
        .update(providers)
        .set({ minimumOrder: provider?.minimumOrder ?? 0 })
        .where(eq(providers.id, a.providerId));
    }
    const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, session.user.id));
    expect(placed).toHaveLength(0);
  });

  it('takes an order for as soon as possible only while every shop can deliver it; a window otherwise', async () => {
    const { headers, session } = await shopper();
    const [a] = await twoKitchensNearby(database);
    // Dinner only: at 12:30 in Nairobi the kitchen is closed, and opens at 17:00.
    const dinner = Array.from({ length: 7 }, () => [[17 * 60, 22 * 60]] as [number, number][]);
    await withHours(database, a.providerId, dinner, async () => {
      await add(headers, a.slug, enough(a));
      const cart = (await app.inject({ method: 'GET', url: '/api/carts/food', headers })).json<{ data: Cart }>().data;
      expect(cart.groups[0]).toMatchObject({ provider: { slug: a.providerSlug }, deliversNow: false });
      const asap = await placeOrder(headers, newKey(), { address: addressAt(a), payment: { method: 'cash' } });
      expect(asap.statusCode, asap.body).toBe(422);
      expect(asap.json<ErrorResponse>().problem).toEqual({ code: 'closed', shop: a.providerSlug });
      // By mobile money too: no prompt is sent for an order that cannot go.
      const prompt = await placeOrder(headers, newKey(), {
        address: addressAt(a),
        payment: { method: 'mpesa', phone: '+254 712 345 678' },
      });
      expect(prompt.json<ErrorResponse>().problem).toEqual({ code: 'closed', shop: a.providerSlug });
      const placed = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, session.user.id));
      expect(placed).toHaveLength(0);

      // A window tonight is its answer. (The windows are the shopper's area's; the pin, a little
      // further from the kitchen, may need a few minutes more than the first.)
      const slots = (await app.inject({ method: 'GET', url: '/api/carts/food/delivery-slots', headers })).json<{
        data: { slots: string[] };
      }>().data.slots;
      const tonight = slots.find((slot) => Date.parse(slot) >= Date.parse(slots[0] ?? '') + 3_600_000);
      expect(tonight?.slice(0, 10)).toBe('2026-11-24');
      const scheduled = await placeOrder(headers, newKey(), {
        address: addressAt(a),
        deliverAt: tonight,
        payment: { method: 'cash' },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      expect(scheduled.json<CheckoutResponse>().data.orders[0]?.scheduledFor).toBe(tonight);
    });
  });

  it('prices the cart and offers its windows for the pin when asked, as checkout judges them there', async () => {
    const { headers } = await shopper();
    // A kitchen that delivers far: at 90 % of its range the ride adds over half an hour.
    const far = await farKitchen();
    const pin = awayFrom(far, 0.9);
    await withHours(database, far.providerId, ALL_DAY, async () => {
      await add(headers, far.slug, enough(far));
      const read = async <T>(url: string) => {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: T }>().data;
      };
      const atPin = `?lat=${pin.latitude}&lng=${pin.longitude}`;
      const there = await read<Cart>(`/api/carts/food${atPin}`);
      const quote = there.groups[0]?.delivery;
      expect(quote?.distanceKm).toBeCloseTo(0.9 * far.radiusKm, 0);
      // Without a place the cart knows no distance: no fee, and windows from the kitchen's own time.
      expect((await read<Cart>('/api/carts/food')).groups[0]?.delivery).toBeNull();
      const anywhere = (await read<DeliverySlots>('/api/carts/food/delivery-slots')).slots;
      const windows = (await read<DeliverySlots>(`/api/carts/food/delivery-slots${atPin}`)).slots;
      const [first = ''] = windows;
      expect(Date.parse(first)).toBeGreaterThanOrEqual(NOW.getTime() + (quote?.etaMinutes ?? 0) * 60_000);
      expect(Date.parse(first)).toBeGreaterThan(Date.parse(anywhere[0] ?? ''));

      const order = (deliverAt: string | undefined) =>
        placeOrder(headers, newKey(), { address: addressAt(pin), deliverAt, payment: { method: 'cash' } });
      // The kitchen's own first window is too soon for a door that far; the pin's first is taken,
      // at the fee the cart showed for the pin.
      const tooSoon = (await order(anywhere[0])).json<ErrorResponse>();
      expect(tooSoon.problem).toEqual({ code: 'slot' });
      // Said beside the field that chose it, too.
      expect(tooSoon.errors).toEqual({ checkout: ['slot'], deliverAt: [expect.any(String)] });
      const placed = await order(first);
      expect(placed.statusCode, placed.body).toBe(201);
      const [placedOrder] = placed.json<CheckoutResponse>().data.orders;
      expect(placedOrder?.scheduledFor).toBe(first);
      expect(placedOrder?.deliveryFee).toEqual(there.deliveryFee);
    });
  });

  it('places nothing when the order comes to another total than the one the shopper was shown', async () => {
    const { headers } = await shopper();
    const far = await farKitchen();
    const door = awayFrom(far, 0.8);
    await withHours(database, far.providerId, ALL_DAY, async () => {
      await add(headers, far.slug, enough(far));
      const priced = async (pin: { latitude: number; longitude: number }) =>
        (
          await app.inject({ method: 'GET', url: `/api/carts/food?lat=${pin.latitude}&lng=${pin.longitude}`, headers })
        ).json<{ data: Cart }>().data.total.amount;
      // The page showed the kitchen's doorstep; the address sent is 80 % of its range away.
      const shown = await priced(far);
      const atDoor = await priced(door);
      expect(atDoor).toBeGreaterThan(shown);
      const order = (expectedTotal: number, payment: object = { method: 'cash' }) =>
        placeOrder(headers, newKey(), { address: addressAt(door), expectedTotal, payment });

      for (const payment of [{ method: 'cash' }, { method: 'mpesa', phone: '0712 345 678' }]) {
        const refused = await order(shown, payment);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json<ErrorResponse>().problem).toEqual({ code: 'total_changed' });
      }
      // Nothing placed, no payment waiting, the cart as it was.
      expect(
        (await app.inject({ method: 'GET', url: '/api/orders', headers })).json<ListOrdersResponse>().meta.total,
      ).toBe(0);
      expect(
        (await app.inject({ method: 'GET', url: '/api/carts/food', headers })).json<{ data: Cart }>().data.lineCount,
      ).toBe(1);
      // Sent again with the total for that door, it is placed at it.
      const placed = await order(atDoor);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json<CheckoutResponse>().data.total.amount).toBe(atDoor);
    });
  });

  it('refuses half a delivery point with a field error', async () => {
    const { headers } = await shopper();
    for (const url of [
      '/api/carts/food?lat=-1.29',
      '/api/carts/food/delivery-slots?lng=36.8',
      '/api/carts/food?lat=91&lng=0',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<ErrorResponse>().errors, url).toHaveProperty('lat');
    }
  });

  it('sells the last unit once when shoppers race for it', async () => {
    const [a] = await twoKitchensNearby(database);
    const last = await anotherMealOf(database, a);
    await database.db.update(items).set({ stock: 1 }).where(eq(items.id, last.id));
    try {
      const racers = [];
      for (let n = 0; n < RACERS; n += 1) racers.push(await shopper());
      for (const racer of racers) {
        await add(racer.headers, last.slug, 1);
        await add(racer.headers, a.slug, enough(a));
      }
      const payload = { address: addressAt(a), payment: { method: 'cash' } };
      const responses = await Promise.all(racers.map((racer) => placeOrder(racer.headers, newKey(), payload)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      for (const response of responses.filter((r) => r.statusCode !== 201))
        expect([409, 422]).toContain(response.statusCode);
      const [after] = await database.db.select({ stock: items.stock }).from(items).where(eq(items.id, last.id));
      expect(after?.stock).toBe(0);
    } finally {
      await database.db.update(items).set({ stock: null }).where(eq(items.id, last.id));
    }
  });

  it('counts a coupon’s uses: a one-use coupon raced for gives one discounted order', async () => {
    const [a] = await twoKitchensNearby(database);
    const [coupon] = await database.db
      .insert(offers)
      .values({
        countryCode: 'KE',
        service: 'food',
        kind: 'percent',
        value: 20,
        startsAt: new Date(NOW.getTime() - 86_400_000),
        endsAt: new Date(NOW.getTime() + 86_400_000),
        code: 'ONEUSE20',
        totalLimit: 1,
      })
      .returning({ id: offers.id });
    const racers = [];
    for (let n = 0; n < RACERS; n += 1) racers.push(await shopper());
    for (const racer of racers) {
      await add(racer.headers, a.slug, enough(a));
      const applied = await app.inject({
        method: 'PUT',
        url: '/api/carts/food/coupon',
        headers: racer.headers,
        payload: { code: 'ONEUSE20' },
      });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const payload = { address: addressAt(a), payment: { method: 'cash' } };
    const responses = await Promise.all(racers.map((racer) => placeOrder(racer.headers, newKey(), payload)));
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(1);
    const order = placed[0]?.json<CheckoutResponse>().data.orders[0];
    expect(order?.discount.amount).toBe(Math.floor((a.price * enough(a) * 20) / 100));
    expect(order?.couponCode).toBe('ONEUSE20');
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.json<ErrorResponse>().problem).toEqual({ code: 'coupon', coupon: { code: 'used_up' } });
    }
    const [counted] = await database.db
      .select({ n: offers.redemptions })
      .from(offers)
      .where(eq(offers.id, coupon?.id ?? ''));
    expect(counted?.n).toBe(1);
    const uses = await database.db
      .select()
      .from(offerRedemptions)
      .where(eq(offerRedemptions.offerId, coupon?.id ?? ''));
    expect(uses).toHaveLength(1);
  });
});

describe('the OpenAPI document', () => {
  it('has checkout and the orders with their schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/api/carts/{service}/checkout']?.post?.requestBody).toBeDefined();
    expect(document.paths['/api/carts/{service}/checkout']?.post?.responses['201']).toBeDefined();
    expect(document.paths['/api/orders']?.get?.responses['200']).toBeDefined();
    expect(document.paths['/api/orders/{id}']?.get?.responses['404']).toBeDefined();
  });
});
